import { access, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import backupCommand from '../src/cli/commands/backup.ts';
import demoRemove from '../src/cli/commands/demo-remove.ts';
import { CommandError } from '../src/cli/command.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { removeDemoData } from '../src/demo/remove-demo-data.ts';
import { demoMaterialsDir, demoMediaDir, migrationsDir } from '../src/paths.ts';
import { runCli } from '../src/cli/run-cli.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { findDemoData } from '../src/demo/find-demo-data.ts';
import { openTestDatabase, startTestApp, type TestApp } from './helper.ts';

const outbox: { to: string; text: string }[] = [];
let t: TestApp;
let dir: string;
let demoAdminToken: string;
beforeAll(async () => {
  // The demo files copied into the installation's own folders, as a first start with SEED_DEMO does.
  dir = await mkdtemp(join(tmpdir(), 'portal-demo-remove-'));
  await cp(demoMediaDir, join(dir, 'media'), { recursive: true });
  await cp(demoMaterialsDir, join(dir, 'materials'), { recursive: true });
  t = await startTestApp({
    env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') },
    sms: { send: async (to, text) => void outbox.push({ to, text }) },
  });
  demoAdminToken = await t.staffTokenFor('admin');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** `npm run portal -- demo remove [--commit]` against the test's database and folders. */
async function portalDemoRemove(commit = false) {
  const out: string[] = [];
  const code = await demoRemove.run({
    options: { commit },
    positionals: [],
    db: t.db,
    config: t.config,
    print: (line) => out.push(line),
  });
  return { code, out: out.join('\n') };
}

const counts = async () =>
  (
    await t.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM students) AS students, (SELECT count(*)::int FROM subjects) AS subjects,
              (SELECT count(*)::int FROM topics) AS topics, (SELECT count(*)::int FROM news) AS news,
              (SELECT count(*)::int FROM staff WHERE active) AS staff, (SELECT count(*)::int FROM quiz_attempts) AS attempts`,
    )
  )[0]!;

const goLive = async (token = demoAdminToken) => {
  const response = await t.consolePost('/GoLive/status', {}, token);
  expect(response.status).toBe(200);
  return Object.fromEntries(
    (response.body.data.items as { key: string; done: boolean | null }[]).map((item) => [item.key, item.done]),
  );
};

const exists = (path: string) =>
  access(join(dir, path)).then(
    () => true,
    () => false,
  );

describe('npm run portal -- demo remove', () => {
  let ownStudentId: number;
  let ownSubjectId: number;
  let filesPreviewed: string;

  it("the institute's own rows first: an imported student and a subject named as a demo one", async () => {
    const file = 'name,mobile,subjects\nRavi Kumar,098765 22222,Physics\n';
    const imported = await t.consolePost(
      '/Students/import_commit',
      { file: Buffer.from(file).toString('base64') },
      demoAdminToken,
    );
    expect(imported.body.data).toMatchObject({ created: 1 });
    // Same name as the demo's Physics, and it uses the demo's picture: both stay.
    const subject = await t.consolePost(
      '/Subject/save',
      { name: 'Physics', thumbnail: '/media/subjects/physics.webp' },
      demoAdminToken,
    );
    ownSubjectId = subject.body.data.id;
    expect(
      (await t.consolePost('/Chapter/save', { subject_id: ownSubjectId, name: 'Optics' }, demoAdminToken)).status,
    ).toBe(200);
    const [own] = await t.db.query<{ id: number }>(`SELECT id FROM students WHERE name = 'Ravi Kumar'`);
    ownStudentId = own!.id;
    expect(await goLive()).toEqual({
      demo_removed: false,
      own_admin: false,
      sms_gateway: false,
      chat_and_name: false,
      backup: null,
    });
  });

  it('dry run names the demo staff, students and subjects, with counts, and changes nothing', async () => {
    const before = await counts();
    const { code, out } = await portalDemoRemove();
    expect(code).toBe(0);
    expect(out).toContain('Asha Admin +919811100001 (admin)');
    expect(out).toContain('Students (2): Arjun Sharma, Meera Nair');
    expect(out).toContain('Subjects (4): Physics, Chemistry, Mathematics, Biology');
    expect(out).toMatch(/News items: 5/);
    // The files the commit would remove, counted with the rows deleted and rolled back; none is removed yet.
    filesPreviewed = /Demo files nothing else would refer to: (\d+), \d+ KB/.exec(out)![1]!;
    expect(Number(filesPreviewed)).toBeGreaterThan(10);
    expect(await exists('materials/sets-worksheet.pdf')).toBe(true);
    expect(out).toMatch(/1 of your own students are enrolled in a demo subject/);
    // Without an admin of the institute's own, going on would lock everyone out of the console.
    expect(out).toMatch(/Add the institute's own admin first/);
    expect(await counts()).toEqual(before);
    await expect(portalDemoRemove(true)).rejects.toThrow(CommandError);
    expect(await counts()).toEqual(before);
  });

  it("--commit removes exactly the demo: the institute's student and subject stay, the demo admin cannot sign in", async () => {
    const added = await t.consolePost(
      '/Members/add',
      { name: 'Nisha Principal', mobile: '+91 98111 22222', role: 'admin' },
      demoAdminToken,
    );
    expect(added.status).toBe(200);
    const { code, out } = await portalDemoRemove(true);
    expect(code).toBe(0);
    expect(out).toContain(`Removed the demo data and ${filesPreviewed} demo files`);

    expect(await t.db.query('SELECT id, name FROM students ORDER BY id')).toEqual([
      { id: ownStudentId, name: 'Ravi Kumar' },
    ]);
    expect(await t.db.query('SELECT id, name FROM subjects ORDER BY id')).toEqual([
      { id: ownSubjectId, name: 'Physics' },
    ]);
    expect(await t.db.query('SELECT name FROM chapters')).toEqual([{ name: 'Optics' }]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM news')).toEqual([{ n: 0 }]);
    expect(await t.db.query(`SELECT name FROM staff WHERE active ORDER BY id`)).toEqual([{ name: 'Nisha Principal' }]);

    // Signed out, and no code is texted to the demo admin's number any more.
    expect((await t.consolePost('/Auth/me', {}, demoAdminToken)).status).toBe(401);
    outbox.length = 0;
    expect((await t.consolePost('/Auth/login', { mobile: '+919811100001' })).status).toBe(200);
    await t.smsSent();
    expect(outbox).toEqual([]);
    expect((await t.consolePost('/Auth/login', { mobile: '+919811122222' })).status).toBe(200);
    await t.smsSent();
    expect(outbox.map((sms) => sms.to)).toEqual(['+919811122222']);

    // The demo's files went, except the one the institute's own subject uses; the code tree's copies are untouched.
    expect(await exists('materials/sets-worksheet.pdf')).toBe(false);
    expect(await exists('media/subjects/chemistry.webp')).toBe(false);
    expect(await exists('media/subjects/physics.webp')).toBe(true);
    await expect(access(join(demoMaterialsDir, 'sets-worksheet.pdf'))).resolves.toBeUndefined();

    const [entry] = await t.db.query<{ actor: string; before: { students: string[] } }>(
      `SELECT actor, before FROM audit_log WHERE action = 'demo.remove'`,
    );
    expect(entry).toMatchObject({ actor: 'command line', before: { students: ['Arjun Sharma', 'Meera Nair'] } });
    expect((await portalDemoRemove()).out).toBe('No demo data is left: nothing to remove.');
  });

  it("the Overview's checklist flips as the steps are done; teachers are not shown it", async () => {
    const admin = await t.staffTokenFor('admin');
    expect(await goLive(admin)).toMatchObject({ demo_removed: true, own_admin: true, backup: null });
    await backupCommand.run({
      options: {},
      positionals: [join(dir, 'backup.tar.gz')],
      db: t.db,
      config: t.config,
      print: () => {},
    });
    expect(await goLive(admin)).toMatchObject({ backup: true });
    const teacher = await t.staffTokenFor('teacher');
    expect((await t.consolePost('/GoLive/status', {}, teacher)).status).toBe(403);
  });
});

describe('gateway, chat link and app name', () => {
  it('are done once set to something other than the placeholders', async () => {
    const { goLiveItems } = await import('../src/resources/go-live/go-live-state.ts');
    const state = async (config: Parameters<typeof goLiveItems>[1]) =>
      Object.fromEntries((await goLiveItems(t.db, config)).map((item) => [item.key, item.done]));
    expect(
      await state({ SMS_PROVIDER: 'log', CHAT_LINK: 'https://wa.me/919000000000', APP_NAME: 'portal' }),
    ).toMatchObject({ sms_gateway: false, chat_and_name: false });
    expect(
      await state({ SMS_PROVIDER: 'msg91', CHAT_LINK: 'https://wa.me/914712345678', APP_NAME: 'portal' }),
    ).toMatchObject({ sms_gateway: true, chat_and_name: false });
    expect(
      await state({ SMS_PROVIDER: 'msg91', CHAT_LINK: 'https://wa.me/914712345678', APP_NAME: 'Sunrise Academy' }),
    ).toMatchObject({ sms_gateway: true, chat_and_name: true });
  });
});

describe('after the demo is removed', () => {
  it('the server does not seed it again, even into a database with no students', async () => {
    const db = await openTestDatabase('migrated');
    try {
      await migrate(db);
      expect(await seedDemo(db)).toBe(true);
      // The code tree's demo folders: no file is removed from them.
      await removeDemoData(db, { ...t.config, MEDIA_DIR: demoMediaDir, MATERIALS_DIR: demoMaterialsDir });
      expect(await db.query('SELECT count(*)::int AS n FROM students')).toEqual([{ n: 0 }]);
      expect(await seedDemo(db)).toBe(false);
      expect(await db.query('SELECT count(*)::int AS n FROM subjects')).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});

describe('an installation seeded before the seed recorded its rows (migration 103)', () => {
  it("is recognised by the seed's numbers, names and pictures, and not a same-named subject of the institute", async () => {
    const db = await openTestDatabase('migrated');
    try {
      await migrate(db);
      await seedDemo(db);
      await db.query('DELETE FROM demo_rows');
      await db.query(`INSERT INTO subjects (name, thumbnail) VALUES ('Physics', '/media/uploads/own.webp')`);
      const migration = await readFile(join(migrationsDir, '103_demo_rows.sql'), 'utf8');
      const backfill = migration.slice(migration.indexOf('INSERT INTO demo_rows'));
      for (const statement of backfill.split(';').filter((sql) => sql.trim())) await db.query(statement);
      const demo = await findDemoData(db);
      expect(demo.staff.map((s) => s.name)).toEqual(['Asha Admin', 'Tarun Teacher']);
      expect(demo.students.map((s) => s.name)).toEqual(['Arjun Sharma', 'Meera Nair']);
      expect(demo.subjects.map((s) => s.name)).toEqual(['Physics', 'Chemistry', 'Mathematics', 'Biology']);
      expect(demo.news).toHaveLength(5);
      const [own] = await db.query<{ id: number }>(
        `SELECT id FROM subjects WHERE thumbnail = '/media/uploads/own.webp'`,
      );
      expect(demo.subjects.map((s) => s.id)).not.toContain(own!.id);
    } finally {
      await db.close();
    }
  });
});

describe('while the server holds the embedded database', () => {
  it('refuses, saying to stop the server first', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-demo-busy-'));
    const lock = lockDataDir(dataDir, 'server');
    try {
      const errors: string[] = [];
      const code = await runCli(
        ['demo', 'remove', '--commit'],
        { DATA_DIR: dataDir, NODE_ENV: 'test' },
        () => {},
        (line) => errors.push(line),
      );
      expect(code).toBe(2);
      expect(errors.join('\n')).toMatch(/The portal server \(pid \d+\) is running .* Stop the server first/);
    } finally {
      lock.release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
