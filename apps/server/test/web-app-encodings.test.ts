import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

describe('the web app precompressed', () => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('a script long enough to be compressed '.repeat(60))});\n`;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    // As apps/web/scripts/precompress.mjs leaves the build.
    await writeFile(join(webDist, 'assets/app-1a2b.js'), script);
    await writeFile(join(webDist, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
    await writeFile(join(webDist, 'assets/app-1a2b.js.gz'), gzipSync(script));
    t = await startTestApp({ seed: 'courses', env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])(
    'answers Accept-Encoding %s with %s and says the answer varies by Accept-Encoding, so a cache keeps them apart',
    async (accept, encoding) => {
      const response = await fetch(`${t.url}/assets/app-1a2b.js`, { headers: { 'Accept-Encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes what it was sent: every encoding carries the same script.
      expect(await response.text()).toBe(script);
    },
  );
});
