import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMaterialsDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
});
afterAll(() => t.close());

const call = (path: string, body: unknown) => t.consolePost(path, body, admin);
type Entry = { action: string; entity: string; entity_id: string | null; label: string | null };
const newest = async (action: string) =>
  ((await call('/AuditLog/list', { action, limit: 1 })).body.data.entries as Entry[])[0]!;

describe("the audit log's labels: what was changed, by name", () => {
  it('names a deactivated student by name, not "student 41"', async () => {
    const { name } = (await call('/Students/get', { stud_id: t.demo.otherStudentId })).body.data.student;
    await call('/Students/set_active', { stud_id: t.demo.otherStudentId, active: false });
    await call('/Students/set_active', { stud_id: t.demo.otherStudentId, active: true });
    expect(await newest('student.deactivate')).toMatchObject({
      entity: 'student',
      entity_id: String(t.demo.otherStudentId),
      label: name,
    });
  });

  it('names the students an import added and changed, not "student 41"', async () => {
    const importFile = async (lines: string[]) =>
      call('/Students/import_commit', {
        file: Buffer.from(['name,mobile,guardian', ...lines].join('\n')).toString('base64'),
      });
    await importFile(['राहुल शर्मा,98290 55501,रमेश शर्मा']);
    const added = await newest('student.import_add');
    expect(added).toMatchObject({ entity: 'student', label: 'राहुल शर्मा' });
    await importFile(['राहुल शर्मा,98290 55501,सुनीता शर्मा']);
    expect(await newest('student.import_update')).toMatchObject({ entity_id: added.entity_id, label: 'राहुल शर्मा' });
  });

  it('names a renamed subject by its new name, a moved topic by its name, and a deleted chapter by the name it had', async () => {
    const subject = (await call('/Subject/save', { name: 'Astronomy (audit)', thumbnail: '' })).body.data;
    await call('/Subject/save', { id: subject.id, name: 'Astronomy', thumbnail: '' });
    expect(await newest('subject.update')).toMatchObject({ label: 'Astronomy' });

    const chapter = (await call('/Chapter/save', { subject_id: subject.id, name: 'Stars' })).body.data;
    await call('/Topic/save', {
      chapter_id: chapter.id,
      name: 'Red giants',
      video_link: 'https://www.youtube.com/watch?v=abc123',
    });
    const second = (
      await call('/Topic/save', {
        chapter_id: chapter.id,
        name: 'White dwarfs',
        video_link: 'https://www.youtube.com/watch?v=def456',
      })
    ).body.data;
    expect((await call('/Course/move', { kind: 'topic', id: second.id, direction: 'up' })).status).toBe(200);
    expect(await newest('topic.move')).toMatchObject({ entity_id: String(second.id), label: 'White dwarfs' });

    const empty = (await call('/Chapter/save', { subject_id: subject.id, name: 'Comets' })).body.data;
    expect((await call('/Chapter/delete', { id: empty.id })).status).toBe(200);
    expect(await newest('chapter.delete')).toMatchObject({ label: 'Comets' });
  });

  it("names an upload by the file's own name", async () => {
    const response = await fetch(
      `${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=pdf&name=${encodeURIComponent('Sets worksheet.pdf')}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', Token: admin },
        body: await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf')),
      },
    );
    expect(response.status).toBe(200);
    expect(await newest('media.upload')).toMatchObject({ entity: 'media', label: 'Sets worksheet.pdf' });
  });

  it('names a thing it cannot name (an entry of another kind, or gone without a name) with null rather than failing', async () => {
    await t.db.query(
      `INSERT INTO audit_log (actor, action, entity, entity_id) VALUES ('command line', 'content.import', 'content_pack', 'course.zip'), ('command line', 'topic.move', 'topic', '999999999')`,
    );
    const entries = (await call('/AuditLog/list', { limit: 2 })).body.data.entries as Entry[];
    expect(entries.map((entry) => [entry.action, entry.label])).toEqual([
      ['topic.move', null],
      ['content.import', null],
    ]);
  });
});
