import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup, restore } from '../src/backup/archive.ts';
import { tablesInOrder, tableRows } from '../src/backup/table-data.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { prepareFileFolders } from '../src/file-folders.ts';
import { openTestDatabase, startTestApp, type TestApp } from './helper.ts';

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = (await readFile(path)).toString('base64');
  }
  return out;
}

async function everyRow(db: Database) {
  const out: Record<string, unknown> = {};
  for (const table of await tablesInOrder(db)) out[table] = JSON.parse(await tableRows(db, table));
  return out;
}

describe('backup and restore', () => {
  let dir: string;
  let source: TestApp;
  let archive: string;
  const texts: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-backup-test-'));
    const folders = { MEDIA_DIR: join(dir, 'a-media'), MATERIALS_DIR: join(dir, 'a-materials') };
    await prepareFileFolders({ ...folders, SEED_DEMO: true });
    source = await startTestApp({ env: folders });
    // Something the installation did after its demo start: a watched position and a new file.
    const token = await source.tokenFor(source.demo.demoStudentId);
    const topics = await source.post('/Student/topics', { stud_id: source.demo.demoStudentId, chapter_id: source.demo.subjects[0]!.chapters[0]!.id }, token);
    await source.post('/Student/watched', { stud_id: source.demo.demoStudentId, topic_id: topics.body.data[0].topic_id, position_seconds: 7, duration_seconds: 12 }, token);
    await writeFile(join(folders.MEDIA_DIR, 'news', 'added-later.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    archive = join(dir, 'portal.tar.gz');
  }, 180_000);
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts the rows and both folders into one archive and back into a fresh installation, where a student signs in and opens a PDF', { timeout: 180_000 }, async () => {
    const sourceFolders = { MEDIA_DIR: join(dir, 'a-media'), MATERIALS_DIR: join(dir, 'a-materials') };
    const manifest = await backup(source.db, sourceFolders, archive);
    expect(manifest.tables.find((t) => t.name === 'students')?.rows).toBe(2);

    // A fresh installation: migrated, no demo data, empty folders.
    const folders = { MEDIA_DIR: join(dir, 'b-media'), MATERIALS_DIR: join(dir, 'b-materials') };
    const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'another-installation', SEED_DEMO: 'false', ...folders });
    const db = await openTestDatabase();
    try {
      await migrate(db);
      await prepareFileFolders(config);
      await restore(db, config, archive);

      expect(await everyRow(db)).toEqual(await everyRow(source.db));
      expect(await filesUnder(folders.MEDIA_DIR)).toEqual(await filesUnder(sourceFolders.MEDIA_DIR));
      expect(await filesUnder(folders.MATERIALS_DIR)).toEqual(await filesUnder(sourceFolders.MATERIALS_DIR));
      await expect(restore(db, config, archive)).rejects.toThrow(/not empty/);

      const app = await buildApp({ config, db, logger: false, sms: { send: async (_to, text) => void texts.push(text) } });
      const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}${config.API_BASE}`;
      try {
        const post = async (path: string, body: unknown, token?: string) =>
          (await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) }, body: JSON.stringify(body) })).json() as Promise<any>;
        const login = await post('/Auth/login', DEMO_PHONE);
        await app.smsQueue.idle();
        const code = /\b(\d{4})\b/.exec(texts.at(-1)!)![1]!;
        const signedIn = await post('/Auth/verifyOTP', { otp_ref: login.data.otp_ref, otp: code });
        expect(signedIn.status).toBe(true);
        const me = signedIn.data.stud_id;
        const physics = source.demo.subjects.find((s) => s.name === 'Physics')!;
        const units = physics.chapters.find((c) => c.name === 'Units and Measurements')!;
        const materials = await post('/Student/study_materials', { stud_id: me, sub_id: physics.id, chapter_id: units.id }, signedIn.token);
        const pdf = await fetch(base.replace(config.API_BASE, '') + materials.data[0].path, { headers: { Token: signedIn.token } });
        expect(pdf.status).toBe(200);
        expect(Buffer.from(await pdf.arrayBuffer()).equals(await readFile(join(folders.MATERIALS_DIR, 'units-and-measurements-notes.pdf')))).toBe(true);
        const history = await post('/Student/recently_watched', { stud_id: me }, signedIn.token);
        expect(JSON.stringify(history.data)).toContain('"position_seconds":7');
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
  });
});
