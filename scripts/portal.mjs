// `npm run portal -- …`: the command line from source where tsx is installed (a development tree), and the
// built one (apps/server/dist/cli.js, from `npm run build`) in a production tree pruned of dev dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = `${root}apps/server/dist/cli.js`;

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

if (hasTsx()) {
  const source = `${root}apps/server/src/cli/main.ts`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error('The command line is not built: run `npm run build` first (or `npm install` for a development tree).');
  process.exitCode = 1;
}
