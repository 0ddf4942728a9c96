import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup, restore } from '../src/backup/archive.ts';
import { SIGN_IN_STATE } from '../src/backup/archive-format.ts';
import { tablesInOrder } from '../src/backup/table-data.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { prepareFileFolders } from '../src/media/folders.ts';
import { openTestDatabase, staffWithRole, startTestApp, type TestApp } from './helper.ts';

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = (await readFile(path)).toString('base64');
  }
  return out;
}

/** Every row of every table a restore brings back (sign-in state stays behind). */
async function everyRow(db: Database) {
  const out: Record<string, unknown> = {};
  for (const table of await tablesInOrder(db)) {
    if (SIGN_IN_STATE.has(table)) continue;
    out[table] = (
      await db.query<{ rows: unknown }>(`SELECT coalesce(json_agg(t), '[]') AS rows FROM "${table}" t`)
    )[0]?.rows;
  }
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
    const topics = await source.post(
      '/Student/topics',
      { stud_id: source.demo.demoStudentId, chapter_id: source.demo.subjects[0]!.chapters[0]!.id },
      token,
    );
    await source.post(
      '/Student/watched',
      {
        stud_id: source.demo.demoStudentId,
        topic_id: topics.body.data[0].topic_id,
        position_seconds: 7,
        duration_seconds: 12,
      },
      token,
    );
    await writeFile(join(folders.MEDIA_DIR, 'news', 'added-later.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    archive = join(dir, 'portal.tar.gz');
  }, 180_000);
  afterAll(async () => {
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts the rows and both folders into one archive and back into a fresh installation, where a student signs in and opens a PDF', {
    timeout: 180_000,
  }, async () => {
    const sourceFolders = { MEDIA_DIR: join(dir, 'a-media'), MATERIALS_DIR: join(dir, 'a-materials') };
    const summary = await backup(source.db, sourceFolders, archive);
    expect(summary.tables.find((t) => t.name === 'students')?.rows).toBe(2);
    // It holds everyone's phone numbers: readable by its owner only.
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(await source.db.query('SELECT 1 FROM sessions')).not.toHaveLength(0);

    // A fresh installation: migrated, no demo data, empty folders, and a staff member made before the restore.
    const folders = { MEDIA_DIR: join(dir, 'b-media'), MATERIALS_DIR: join(dir, 'b-materials') };
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'another-installation',
      SEED_DEMO: 'false',
      ...folders,
    });
    const db = await openTestDatabase('migrated');
    try {
      await migrate(db);
      await prepareFileFolders(config);
      await db.query(`INSERT INTO staff (name, mobile, role) VALUES ('Not in the archive', '+919800000001', 'admin')`);
      await restore(db, config, archive);

      expect(await everyRow(db)).toEqual(await everyRow(source.db));
      // Everyone signs in again, and nobody the archive does not have can.
      expect(await db.query('SELECT 1 FROM sessions')).toEqual([]);
      expect(await db.query(`SELECT 1 FROM staff WHERE mobile = '+919800000001'`)).toEqual([]);
      expect(await filesUnder(folders.MEDIA_DIR)).toEqual(await filesUnder(sourceFolders.MEDIA_DIR));
      expect(await filesUnder(folders.MATERIALS_DIR)).toEqual(await filesUnder(sourceFolders.MATERIALS_DIR));

      const app = await buildApp({
        config,
        db,
        logger: false,
        sms: { send: async (_to, text) => void texts.push(text) },
      });
      const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}${config.API_BASE}`;
      try {
        const post = async (path: string, body: unknown, token?: string) =>
          (
            await fetch(base + path, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
              body: JSON.stringify(body),
            })
          ).json() as Promise<any>;
        const login = await post('/Auth/login', DEMO_PHONE);
        await app.smsQueue.idle();
        const code = /\b(\d{4})\b/.exec(texts.at(-1)!)![1]!;
        const signedIn = await post('/Auth/verifyOTP', { otp_ref: login.data.otp_ref, otp: code });
        expect(signedIn.status).toBe(true);
        const me = signedIn.data.stud_id;
        const physics = source.demo.subjects.find((s) => s.name === 'Physics')!;
        const units = physics.chapters.find((c) => c.name === 'Units and Measurements')!;
        const materials = await post(
          '/Student/study_materials',
          { stud_id: me, sub_id: physics.id, chapter_id: units.id },
          signedIn.token,
        );
        const pdf = await fetch(base.replace(config.API_BASE, '') + materials.data[0].path, {
          headers: { Token: signedIn.token },
        });
        expect(pdf.status).toBe(200);
        expect(
          Buffer.from(await pdf.arrayBuffer()).equals(
            await readFile(join(folders.MATERIALS_DIR, 'units-and-measurements-notes.pdf')),
          ),
        ).toBe(true);
        const history = await post('/Student/recently_watched', { stud_id: me }, signedIn.token);
        expect(JSON.stringify(history.data)).toContain('"position_seconds":7');
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
  });

  it('refuses to restore over an installation with students, says so, and leaves it and the temporary folder as they were', {
    timeout: 60_000,
  }, async () => {
    const before = await everyRow(source.db);
    // A temporary folder of its own, to see that the restore leaves nothing in it.
    const temporary = await mkdtemp(join(dir, 'tmp-'));
    const systemTemporary = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      await expect(
        restore(source.db, { MEDIA_DIR: join(dir, 'a-media'), MATERIALS_DIR: join(dir, 'a-materials') }, archive),
      ).rejects.toThrow(/^This installation is not empty \(it has students: 2\): restore into a fresh database/);
    } finally {
      process.env.TMPDIR = systemTemporary;
    }
    expect(await everyRow(source.db)).toEqual(before);
    expect(await readdir(temporary)).toEqual([]);
  });

  it('leaves no archive under its name when a backup fails midway, and the one already there as it was', {
    timeout: 60_000,
  }, async () => {
    await staffWithRole(source.db, 'admin');
    const nightly = join(dir, 'nightly.tar.gz');
    await writeFile(nightly, "yesterday's archive");
    // The database goes away after a few batches of rows (a lost connection, a server stopped).
    let batches = 0;
    const failing: Database = {
      kind: source.db.kind,
      query: (sql, params) => source.db.query(sql, params),
      close: async () => {},
      transaction: (work) =>
        source.db.transaction((tx) =>
          work({
            query: (sql, params) => {
              if (sql.startsWith('FETCH') && ++batches > 3) throw new Error('the connection was lost');
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const folders = { MEDIA_DIR: join(dir, 'a-media'), MATERIALS_DIR: join(dir, 'a-materials') };
    await expect(backup(failing, folders, nightly)).rejects.toThrow('the connection was lost');
    expect(batches).toBeGreaterThan(3);
    expect(await readFile(nightly, 'utf8')).toBe("yesterday's archive");
    // Neither the partial archive nor its links to the folders stay behind.
    expect((await readdir(dir)).filter((name) => name.includes('nightly'))).toEqual(['nightly.tar.gz']);

    // A folder that cannot be written: the file's error ends the backup (it does not wait forever for a write).
    await expect(backup(source.db, folders, join(dir, 'gone', 'portal.tar.gz'))).rejects.toThrow(/ENOENT/);
  });
});
