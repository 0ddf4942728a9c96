import { mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { applyPack, type ApplyOptions } from '../src/resources/content-pack/apply-pack.ts';
import { exportPack } from '../src/resources/content-pack/export-pack.ts';
import { formatProblem, importPack } from '../src/resources/content-pack/import-pack.ts';
import { readPack } from '../src/resources/content-pack/read-pack.ts';
import { fakeFile, goodYaml, writePack } from './content-pack-fixture.ts';
import { openTestDatabase } from './helper.ts';

let db: Database;
let dir: string;
let options: ApplyOptions;
beforeAll(async () => {
  db = await openTestDatabase('migrated');
  await migrate(db);
  dir = await mkdtemp(join(tmpdir(), 'portal-pack-'));
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});
let run = 0;
beforeEach(async () => {
  await db.query(`TRUNCATE subjects, news RESTART IDENTITY CASCADE`);
  await db.query(`DELETE FROM audit_log`).catch(() => undefined);
  run++;
  options = {
    mediaDir: join(dir, `media-${run}`),
    materialsDir: join(dir, `materials-${run}`),
    timeZone: 'Asia/Kolkata',
    commit: true,
  };
});

const problemsOf = async (folder: string) => (await readPack(folder)).problems.map(formatProblem);
const filesIn = async (folder: string) => (await readdir(folder, { recursive: true }).catch(() => [])).sort();
const tables = [
  'subjects',
  'chapters',
  'topics',
  'study_materials',
  'quizzes',
  'questions',
  'batches',
  'live_classes',
  'news',
];
const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      tables.map(async (t) => [t, (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n]),
    ),
  );
/** The rows writePack's sample course is stored as: one of everything, but two topics and two questions. */
const samplePackRows = {
  subjects: 1,
  chapters: 1,
  topics: 2,
  study_materials: 1,
  quizzes: 1,
  questions: 2,
  batches: 1,
  live_classes: 1,
  news: 1,
};

describe('content pack: checks', () => {
  it('accepts the format of the issue as written', async () => {
    expect(await problemsOf(await writePack(join(dir, 'good')))).toEqual([]);
  });

  it('names each schema mistake by its place: missing, wrong type, unknown field, empty, too few options', async () => {
    const yaml = `subjects:
  - name: Physics
    colour: blue
    chapters:
      - name: ""
        quizzes:
          - name: Q
            pass_marks: -1
            questions:
              - question: one
                options: [a]
                answer: two
              - options: [a, b]
                answer: 1
news:
  - body: no heading
`;
    expect(await problemsOf(await writePack(join(dir, 'schema'), yaml))).toEqual([
      'subjects[0]: unknown field colour',
      'subjects[0].chapters[0].name: must not be empty',
      'subjects[0].chapters[0].quizzes[0].pass_marks: must be 0 or more',
      'subjects[0].chapters[0].quizzes[0].questions[0].options: needs at least 2 options',
      'subjects[0].chapters[0].quizzes[0].questions[0].answer: must be a whole number',
      'subjects[0].chapters[0].quizzes[0].questions[1].question: is required',
      'news[0].heading: is required',
    ]);
  });

  it('reports a YAML syntax error with its line', async () => {
    const [problem] = await problemsOf(await writePack(join(dir, 'syntax'), 'subjects:\n  - name: [Physics\n'));
    expect(problem).toMatch(/^content\.yaml: .*line 3/);
  });

  it('names an alias whose anchor is not set before it', async () => {
    expect(await problemsOf(await writePack(join(dir, 'alias'), 'subjects:\n  - name: *physics\n'))).toEqual([
      'content.yaml: Unresolved alias (the anchor must be set before the alias): physics',
    ]);
  });

  it('checks files (there, inside the folder, by content, within caps), links, answers, pass marks, times and names', async () => {
    const yaml = `subjects:
  - name: Physics
    thumbnail: pictures/fake.png
    chapters:
      - name: One
      - name: Two
      - name: Three
        topics:
          - name: A
            video: http://www.youtube.com/watch?v=x
          - name: B
            video: https://example.com/video.mp4
          - name: C
            video: videos/missing.webm
          - name: D
            video: pdfs/handbook.pdf
          - name: E
            video: ../outside.webm
          - name: F
            video: videos/clip.mp4
        materials:
          - title: Big
            file: pdfs/big.pdf
          - title: Picture
            file: pictures/physics.png
        quizzes:
          - name: Units quiz
            pass_marks: 5
            questions:
              - question: q1
                options: [a, b]
                answer: 1
              - question: q2
                options: [a, b]
                answer: 1
              - question: q3
                options: [a, b, a]
                answer: 1
              - question: q4
                options: [a, b, c, d]
                answer: 5
      - name: one
    batches:
      - name: Morning
        classes:
          - name: L
            tutor: T
            starts_at: 2026-02-30 09:00
            link: http://meet.example.com
news:
  - heading: N
    published_at: yesterday
  - heading: n
`;
    const folder = await writePack(join(dir, 'checks'), yaml, {
      'pictures/fake.png': 'not a picture',
      'pdfs/big.pdf': fakeFile.pdf('big'),
      'videos/clip.mp4': fakeFile.mp4('clip'),
      '../outside.webm': fakeFile.webm('outside'),
    });
    await truncate(join(folder, 'pdfs/big.pdf'), 51 * 1024 * 1024);
    expect(await problemsOf(folder)).toEqual([
      'subjects[0].thumbnail: pictures/fake.png is not a PNG, JPEG or WebP picture (by its content)',
      'subjects[0].chapters[2].topics[0].video: http://www.youtube.com/watch?v=x must be an https address',
      'subjects[0].chapters[2].topics[1].video: https://example.com/video.mp4 must be a YouTube, Vimeo or .m3u8 (HLS) address',
      'subjects[0].chapters[2].topics[2].video: there is no file videos/missing.webm in the pack',
      'subjects[0].chapters[2].topics[3].video: pdfs/handbook.pdf is not an mp4 or webm video (by its content)',
      "subjects[0].chapters[2].topics[4].video: ../outside.webm must be a path inside the pack's folder",
      'subjects[0].chapters[2].materials[0].file: pdfs/big.pdf is 51 MB; the largest pdf accepted is 50 MB',
      'subjects[0].chapters[2].materials[1].file: pictures/physics.png is not a PDF (by its content)',
      'subjects[0].chapters[2].quizzes[0]: pass_marks 5 but the questions carry only 4 marks',
      'subjects[0].chapters[2].quizzes[0].questions[2].options[2]: option "a" appears twice; names match items within their parent, so each must differ',
      'subjects[0].chapters[2].quizzes[0].questions[3]: answer 5 but only 4 options',
      'subjects[0].chapters[3]: chapter "one" appears twice; names match items within their parent, so each must differ',
      'subjects[0].batches[0].classes[0].starts_at: 2026-02-30 09:00 is not a date and time written YYYY-MM-DD HH:MM',
      'subjects[0].batches[0].classes[0].link: http://meet.example.com must be an https address',
      'news[0].published_at: yesterday is not a date and time written YYYY-MM-DD HH:MM',
      'news[1]: news heading "n" appears twice; names match items within their parent, so each must differ',
    ]);
  });

  it('does not follow a link out of the pack folder', async () => {
    const { symlink } = await import('node:fs/promises');
    const folder = await writePack(join(dir, 'symlink'), goodYaml.replace('pdfs/handbook.pdf', 'pdfs/passwd.pdf'));
    await writeFile(join(dir, 'secret.pdf'), fakeFile.pdf('secret'));
    await symlink(join(dir, 'secret.pdf'), join(folder, 'pdfs/passwd.pdf'));
    expect(await problemsOf(folder)).toEqual([
      "subjects[0].chapters[0].materials[0].file: pdfs/passwd.pdf must be a path inside the pack's folder",
    ]);
  });
});

describe('content pack: storing', () => {
  it('a dry run counts what would change and stores nothing, no file either', async () => {
    const report = await importPack(db, await writePack(join(dir, `dry`)), { ...options, commit: false });
    expect(report).toEqual({ problems: [], counts: { new: 11, updated: 0, unchanged: 0 } });
    expect(Object.values(await rowCounts()).every((n) => n === 0)).toBe(true);
    expect(await filesIn(options.mediaDir)).toEqual([]);
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'content.import'`)).toEqual([]);
  });

  it('stores the course as students see it, with files under generated names, and a second import changes nothing', async () => {
    const folder = await writePack(join(dir, `store`));
    expect((await importPack(db, folder, options)).counts).toEqual({ new: 11, updated: 0, unchanged: 0 });
    expect(await rowCounts()).toEqual(samplePackRows);
    const [question] = await db.query<{ correct_answer: string; options: string[] }>(
      `SELECT correct_answer, options FROM questions ORDER BY position LIMIT 1`,
    );
    expect(question).toEqual({ correct_answer: '3', options: ['2', '3', '4', '6'] });
    const [live] = await db.query<{ utc: string }>(
      `SELECT to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc FROM live_classes`,
    );
    expect(live!.utc).toBe('2026-12-01 03:30'); // 09:00 in Asia/Kolkata
    const [topic] = await db.query<{ video_link: string }>(`SELECT video_link FROM topics ORDER BY position LIMIT 1`);
    expect(topic!.video_link).toMatch(/^\/media\/pack\/[0-9a-f]{32}\.webm$/);
    const [material] = await db.query<{ file_name: string; password_protected: boolean }>(
      `SELECT file_name, password_protected FROM study_materials`,
    );
    expect(await readFile(join(options.materialsDir, material!.file_name), 'utf8')).toContain('handbook');
    expect(material!.password_protected).toBe(true);
    expect(await readFile(join(options.mediaDir, topic!.video_link.slice('/media/'.length)))).toEqual(
      fakeFile.webm('sig-figs'),
    );
    const stored = await filesIn(options.mediaDir);
    const audit = await db.query(
      `SELECT actor, after FROM audit_log WHERE action = 'content.import' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual([{ actor: 'command line', after: { new: 11, updated: 0, unchanged: 0 } }]);

    expect((await importPack(db, folder, options)).counts).toEqual({ new: 0, updated: 0, unchanged: 11 });
    expect(await rowCounts()).toEqual(samplePackRows);
    expect(await filesIn(options.mediaDir)).toEqual(stored);
  });

  it('updates what changed in place (matched by name, whatever the case), keeping quiz history', async () => {
    const folder = await writePack(join(dir, `update`));
    await importPack(db, folder, options);
    const [q] = await db.query<{ id: number }>(`SELECT id FROM quizzes`);
    const changed = goodYaml
      .replace('- name: Physics', '- name: physics')
      .replace('answer: 2 ', 'answer: 3 ')
      .replace('duration_minutes: 60', 'duration_minutes: 90');
    const report = await importPack(db, await writePack(folder, changed), options);
    expect(report.counts).toEqual({ new: 0, updated: 2, unchanged: 9 });
    expect((await db.query<{ id: number }>(`SELECT id FROM quizzes`))[0]!.id).toBe(q!.id);
    // A changed question is a new version; the old one is retired, for reports of attempts made before.
    expect(
      await db.query(
        `SELECT correct_answer, retired_at IS NOT NULL AS retired FROM questions WHERE position = 0 ORDER BY id`,
      ),
    ).toEqual([
      { correct_answer: '3', retired: true },
      { correct_answer: '4', retired: false },
    ]);
    expect((await db.query(`SELECT duration_minutes FROM live_classes`))[0]).toEqual({ duration_minutes: 90 });
  });

  it('stores a news body written as plain text as paragraphs, and a second import finds it unchanged', async () => {
    const plain = goodYaml.replace(
      '    body: <p>Exams start on 1 December.</p>',
      '    body: |\n      Exams start on 1 December.\n\n      Bring your admit card\n      and two pencils.',
    );
    const folder = await writePack(join(dir, 'plain-news'), plain);
    await importPack(db, folder, options);
    const [news] = await db.query<{ body: string }>(`SELECT body FROM news`);
    expect(news!.body).toBe('<p>Exams start on 1 December.</p><p>Bring your admit card<br />and two pencils.</p>');
    expect((await importPack(db, folder, options)).counts).toEqual({ new: 0, updated: 0, unchanged: 11 });
  });

  it('a pack with one bad question stores nothing', async () => {
    const bad = goodYaml.replace('answer: 1\n', 'answer: 4\n');
    const report = await importPack(db, await writePack(join(dir, 'bad-question'), bad), options);
    expect(report.problems.map(formatProblem)).toEqual([
      'subjects[0].chapters[0].quizzes[0].questions[1]: answer 4 but only 3 options',
    ]);
    expect(Object.values(await rowCounts()).every((n) => n === 0)).toBe(true);
    expect(await filesIn(options.mediaDir)).toEqual([]);
  });

  it('a transaction that fails at its end leaves no row and no copied file behind', async () => {
    const { pack, files } = await readPack(await writePack(join(dir, 'fails')));
    const failing: Database = {
      ...db,
      transaction: (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('commit refused');
        }),
    };
    await expect(applyPack(failing, pack!, files, options)).rejects.toThrow('commit refused');
    expect(Object.values(await rowCounts()).every((n) => n === 0)).toBe(true);
    expect((await filesIn(options.mediaDir)).filter((f) => f.includes('.'))).toEqual([]);
    expect((await filesIn(options.materialsDir)).filter((f) => f.includes('.'))).toEqual([]);
  });

  it('export → import into a fresh installation reproduces the course (the second export is the same)', async () => {
    await importPack(db, await writePack(join(dir, 'source')), options);
    const exported = join(dir, 'exported');
    const first = await exportPack(db, exported, options);
    expect(first.warnings).toEqual([]);
    const yaml = await readFile(join(exported, 'content.yaml'), 'utf8');
    expect(yaml).toContain('starts_at: 2026-12-01 09:00');
    expect(yaml).toContain('answer: 2');

    await db.query(`TRUNCATE subjects, news RESTART IDENTITY CASCADE`);
    const fresh = { ...options, mediaDir: join(dir, 'fresh-media'), materialsDir: join(dir, 'fresh-materials') };
    expect((await importPack(db, exported, fresh)).counts).toEqual({ new: 11, updated: 0, unchanged: 0 });
    const again = join(dir, 'exported-again');
    await exportPack(db, again, fresh);
    expect(await readFile(join(again, 'content.yaml'), 'utf8')).toBe(yaml);
    expect(await filesIn(again)).toEqual(await filesIn(exported));
  });
});
