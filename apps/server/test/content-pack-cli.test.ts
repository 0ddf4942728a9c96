import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCollected } from './cli-output.ts';
import { aliasBombYaml, goodYaml, writePack } from './content-pack-fixture.ts';
import { copyTemplate } from './pglite-templates.ts';

let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pack-cli-'));
  await mkdir(join(dir, 'data'));
  // As a fresh initdb leaves it (pglite-templates.ts): the first command still migrates it.
  await copyTemplate(join(dir, 'data', 'pglite'));
  env = {
    DATA_DIR: join(dir, 'data'),
    MEDIA_DIR: join(dir, 'media'),
    MATERIALS_DIR: join(dir, 'materials'),
    NODE_ENV: 'test',
    INSTITUTE_TIMEZONE: 'Asia/Kolkata',
  };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function portal(...argv: string[]) {
  return runCliCollected(argv, env);
}

// Each command opens the embedded database on disk, which takes seconds on a busy machine.
describe('npm run portal -- import content / export content', { timeout: 180_000 }, () => {
  it('prints every problem with its place, exits 1 and stores nothing', async () => {
    const bad = goodYaml
      .replace('answer: 1\n', 'answer: 4\n')
      .replace('https://meet.example.com/abc', 'meet.example.com');
    const folder = await writePack(join(dir, 'bad'), bad);
    const run = await portal('import', 'content', folder, '--commit');
    expect(run.code).toBe(1);
    expect(run.out.split('\n')).toEqual([
      'subjects[0].chapters[0].quizzes[0].questions[1]: answer 4 but only 3 options',
      'subjects[0].batches[0].classes[0].link: meet.example.com is not an address',
      `${folder}: 2 problems. Nothing was stored.`,
    ]);
    expect(await readdir(env.MEDIA_DIR!).catch(() => [])).toEqual([]);
  });

  it('refuses a YAML alias bomb by name, exits 1 and stores nothing', async () => {
    const folder = await writePack(join(dir, 'bomb'), aliasBombYaml);
    const run = await portal('import', 'content', folder, '--commit');
    expect(run.code).toBe(1);
    expect(run.out.split('\n')).toEqual([
      'content.yaml: its aliases (*name) expand more than 100 times, as a YAML alias bomb ("billion laughs") does; write the repeated parts out instead',
      `${folder}: 1 problem. Nothing was stored.`,
    ]);
    expect(await readdir(env.MEDIA_DIR!).catch(() => [])).toEqual([]);
  });

  it('a dry run reports what would change; --commit stores it; the same pack again changes nothing', async () => {
    const folder = await writePack(join(dir, 'good'));
    expect(await portal('import', 'content', folder)).toEqual({
      code: 0,
      out: `${folder}: 11 new, 0 updated, 0 unchanged (dry run: nothing was stored). Add --commit to apply it.`,
      err: '',
    });
    expect((await portal('import', 'content', folder, '--commit')).out).toBe(
      `${folder}: 11 new, 0 updated, 0 unchanged, in one transaction.`,
    );
    expect((await portal('import', 'content', folder, '--commit')).out).toBe(
      `${folder}: 0 new, 0 updated, 11 unchanged, in one transaction.`,
    );
    expect((await readdir(join(env.MEDIA_DIR!, 'pack'))).length).toBe(3);
    expect((await readdir(env.MATERIALS_DIR!)).filter((f) => f.startsWith('pack-')).length).toBe(1);
  });

  it('exports the same format with its files', async () => {
    const out = join(dir, 'exported');
    const run = await portal('export', 'content', out);
    expect(run).toMatchObject({
      code: 0,
      out: `${out}: 1 subjects, 1 news items and 4 files written to content.yaml.`,
    });
    const yaml = await readFile(join(out, 'content.yaml'), 'utf8');
    expect(yaml).toContain('- name: Physics');
    expect(yaml).toContain('answer: 2');
    expect((await portal('import', 'content', out)).out).toContain('0 new, 0 updated, 11 unchanged');
  });

  it('refuses a missing folder and while the server holds the embedded database', async () => {
    const missing = await portal('import', 'content', join(dir, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('content.yaml: there is no content.yaml in');
    await writeFile(join(env.DATA_DIR!, 'portal.lock'), JSON.stringify({ pid: process.pid, holder: 'server' }));
    const busy = await portal('import', 'content', join(dir, 'good'), '--commit');
    expect(busy.code).toBe(2);
    await rm(join(env.DATA_DIR!, 'portal.lock'));
  });
});
