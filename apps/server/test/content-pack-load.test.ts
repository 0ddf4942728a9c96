import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFile, writePack } from './content-pack-fixture.ts';
import { watchingTheServer } from './event-loop-watch.ts';
import { startTestApp, type TestApp } from './helper.ts';

// Sent as base64 inside JSON, a pack this large held the server's thread for seconds: parsing the JSON, checking the
// base64 pattern and decoding it were each one block (issue 32 item 6; docs/decisions/049, "Content packs"). As the
// zip's bytes streamed to a temporary file, no step of the upload or the preview holds it for long.
const PACK_MB = 48;

let t: TestApp;
let dir: string;
let teacher: string;
let zip: Uint8Array;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pack-load-'));
  // The embedded database on its own thread, as the server runs it: in this thread its statements would block too.
  t = await startTestApp({
    seed: 'courses',
    threadedDatabase: true,
    env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') },
  });
  teacher = await t.staffTokenFor('teacher');
  // A lesson video of PACK_MB that does not compress, as real videos do not.
  const folder = await writePack(join(dir, 'pack'), undefined, {
    'videos/sig-figs.webm': Buffer.concat([fakeFile.webm('large'), randomBytes(PACK_MB * 1024 * 1024)]),
  });
  const entries: Zippable = {};
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (name.isFile())
      entries[`course/${relative(folder, join(name.parentPath, name.name))}`] = new Uint8Array(
        await readFile(join(name.parentPath, name.name)),
      );
  }
  zip = zipSync(entries, { level: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

describe(`a ${PACK_MB} MB content pack takes turns with other requests`, () => {
  it('its upload and preview never hold the event loop for a second, and /healthz answers meanwhile', async () => {
    const watched = await watchingTheServer(t.url, () =>
      fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Content/import_preview`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/zip', Token: teacher },
        body: zip,
      }),
    );
    const answer = watched.result;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: true,
      data: { problems: [], counts: { new: 9, updated: 1, unchanged: 1 } },
    });
    expect(watched.healthzAnswers).toBeGreaterThan(0);
    // The CPU time of the longest turn (event-loop-watch.ts), so that a machine busy with other work does not count.
    expect(watched.longestBlockMs).toBeLessThan(1000);
  }, 300_000);
});
