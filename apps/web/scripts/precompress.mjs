// Writes .br and .gz beside each text asset of the build, so the server sends them without compressing
// on every request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const text = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (text.test(name)) yield path;
  }
}

let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
}
console.log(`precompressed ${(raw / 1024).toFixed(0)} KB of assets to ${(brotli / 1024).toFixed(0)} KB (brotli)`);
