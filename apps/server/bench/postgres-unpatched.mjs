// For `npm run bench:capacity` only (docs/decisions/062): sends the server's `import 'postgres'` to a copy of the
// package with patches/postgres+3.4.9.patch reversed, so the patch can be measured without touching node_modules:
//   cp -r node_modules/postgres /tmp/postgres-unpatched && (cd /tmp/postgres-unpatched && patch -R -p3 < $PWD/patches/postgres+3.4.9.patch)
//   CAPACITY_B="NODE_OPTIONS=--import=$PWD/apps/server/bench/postgres-unpatched.mjs POSTGRES_UNPATCHED=/tmp/postgres-unpatched" npm run bench:capacity
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const folder = process.env.POSTGRES_UNPATCHED;
if (!folder) throw new Error('POSTGRES_UNPATCHED: the folder of the unpatched copy of postgres.js');
const entry = pathToFileURL(`${folder}/src/index.js`).href;
const hook = `export async function resolve(specifier, context, next) {
  return specifier === 'postgres' ? { url: ${JSON.stringify(entry)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
