import type { FastifyInstance } from 'fastify';
import {
  deleteChapter,
  deleteMaterial,
  deleteSubject,
  deleteTopic,
  getAuthoredSubject,
  listAuthoredSubjects as listCall,
  moveCourseItem,
  saveChapter,
  saveMaterial,
  saveSubject,
  saveTopic,
} from '@portal/contract/console';
import { recordAudit } from '../../audit/record-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import {
  chapterContents,
  findAuthoredMaterial,
  findAuthoredSubject,
  findAuthoredTopic,
  findChapter,
  listAuthoredChapters,
  listAuthoredSubjects,
  moveItem,
  nextPosition,
  subjectBatches,
} from './course-repository.ts';
import { checkMaterialFile, checkVideoLink } from '../../media/index.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such item (it may have been deleted).`);
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Staff author subjects, chapters, topics and study materials (docs/features/course-authoring.md); every change is in the audit log. */
export async function courseRoutes(app: FastifyInstance) {
  const db = app.db;

  defineConsoleRoute(app, listCall, async () => ({
    status: true,
    message: 'Subjects',
    data: { subjects: await listAuthoredSubjects(db) },
  }));

  defineConsoleRoute(app, getAuthoredSubject, async ({ body }) => {
    const subject = await findAuthoredSubject(db, body.subject_id);
    if (!subject) throw missing('subject_id');
    return {
      status: true,
      message: subject.name,
      data: { subject, chapters: await listAuthoredChapters(db, subject.id) },
    };
  });

  defineConsoleRoute(app, saveSubject, async ({ body, staff }) => {
    const saved = await db.transaction(async (tx) => {
      if (body.id === undefined) {
        const position = await nextPosition(tx, 'subject', null);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO subjects (name, thumbnail, position) VALUES ($1, $2, $3) RETURNING id`,
          [body.name, body.thumbnail, position],
        );
        const after = (await findAuthoredSubject(tx, row!.id))!;
        await recordAudit(tx, staff, {
          action: 'subject.add',
          entity: 'subject',
          entityId: after.id,
          before: null,
          after: { name: after.name, thumbnail: after.thumbnail },
        });
        return after;
      }
      const before = await findAuthoredSubject(tx, body.id);
      if (!before) throw missing('id');
      await tx.query(`UPDATE subjects SET name = $2, thumbnail = $3 WHERE id = $1`, [
        body.id,
        body.name,
        body.thumbnail,
      ]);
      await recordAudit(tx, staff, {
        action: 'subject.update',
        entity: 'subject',
        entityId: body.id,
        before: { name: before.name, thumbnail: before.thumbnail },
        after: { name: body.name, thumbnail: body.thumbnail },
      });
      return (await findAuthoredSubject(tx, body.id))!;
    });
    return {
      status: true,
      message: body.id === undefined ? `${saved.name} is added.` : `${saved.name} is saved.`,
      data: saved,
    };
  });

  defineConsoleRoute(app, deleteSubject, async ({ body, staff }) => {
    const subject = await db.transaction(async (tx) => {
      const before = await findAuthoredSubject(tx, body.id);
      if (!before) throw missing('id');
      const batches = await subjectBatches(tx, body.id);
      if (before.students > 0)
        throw new ApiError(
          409,
          `${plural(before.students, 'student')} ${before.students === 1 ? 'is' : 'are'} enrolled in ${before.name}. Take them out of it in Students first.`,
        );
      if (before.chapters > 0 || batches > 0) {
        throw new ApiError(
          409,
          `${before.name} still has ${[before.chapters ? plural(before.chapters, 'chapter') : '', batches ? plural(batches, 'batch') : ''].filter(Boolean).join(' and ')}. Delete them first.`,
        );
      }
      await tx.query(`DELETE FROM subjects WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, {
        action: 'subject.delete',
        entity: 'subject',
        entityId: body.id,
        before: { name: before.name, thumbnail: before.thumbnail },
        after: null,
      });
      return before;
    });
    return { status: true, message: `${subject.name} is deleted.`, data: null };
  });

  defineConsoleRoute(app, saveChapter, async ({ body, staff }) => {
    const saved = await db.transaction(async (tx) => {
      if (body.id === undefined) {
        if (body.subject_id === undefined) throw new ApiError(400, 'subject_id: a new chapter needs its subject');
        if (!(await findAuthoredSubject(tx, body.subject_id))) throw missing('subject_id');
        const position = await nextPosition(tx, 'chapter', body.subject_id);
        const [row] = await tx.query<{ id: number; name: string }>(
          `INSERT INTO chapters (subject_id, name, position) VALUES ($1, $2, $3) RETURNING id, name`,
          [body.subject_id, body.name, position],
        );
        await recordAudit(tx, staff, {
          action: 'chapter.add',
          entity: 'chapter',
          entityId: row!.id,
          before: null,
          after: { subject_id: body.subject_id, name: body.name },
        });
        return row!;
      }
      const before = await findChapter(tx, body.id);
      if (!before) throw missing('id');
      await tx.query(`UPDATE chapters SET name = $2 WHERE id = $1`, [body.id, body.name]);
      await recordAudit(tx, staff, {
        action: 'chapter.update',
        entity: 'chapter',
        entityId: body.id,
        before: { name: before.name },
        after: { name: body.name },
      });
      return { id: body.id, name: body.name };
    });
    return { status: true, message: `${saved.name} is saved.`, data: saved };
  });

  defineConsoleRoute(app, deleteChapter, async ({ body, staff }) => {
    const chapter = await db.transaction(async (tx) => {
      const before = await findChapter(tx, body.id);
      if (!before) throw missing('id');
      const held = await chapterContents(tx, body.id);
      const parts = [
        held.topics ? plural(held.topics, 'topic') : '',
        held.materials ? plural(held.materials, 'study material') : '',
        held.quizzes ? plural(held.quizzes, 'quiz').replace('quizs', 'quizzes') : '',
      ].filter(Boolean);
      if (parts.length) {
        throw new ApiError(
          409,
          `${before.name} still holds ${parts.join(', ')} (deleted topics keep students' watch history here). Delete or keep the chapter as it is.`,
        );
      }
      await tx.query(`DELETE FROM chapters WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, {
        action: 'chapter.delete',
        entity: 'chapter',
        entityId: body.id,
        before,
        after: null,
      });
      return before;
    });
    return { status: true, message: `${chapter.name} is deleted.`, data: null };
  });

  defineConsoleRoute(app, saveTopic, async ({ body, staff }) => {
    const problem = await checkVideoLink(app.config, body.video_link);
    if (problem) throw new ApiError(400, `video_link: ${problem}`);
    const fields = { name: body.name, video_link: body.video_link, duration_seconds: body.duration_seconds ?? null };
    const saved = await db.transaction(async (tx) => {
      if (body.id === undefined) {
        if (body.chapter_id === undefined) throw new ApiError(400, 'chapter_id: a new topic needs its chapter');
        if (!(await findChapter(tx, body.chapter_id))) throw missing('chapter_id');
        const position = await nextPosition(tx, 'topic', body.chapter_id);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO topics (chapter_id, name, video_link, duration_seconds, position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [body.chapter_id, fields.name, fields.video_link, fields.duration_seconds, position],
        );
        await recordAudit(tx, staff, {
          action: 'topic.add',
          entity: 'topic',
          entityId: row!.id,
          before: null,
          after: { chapter_id: body.chapter_id, ...fields },
        });
        return (await findAuthoredTopic(tx, row!.id))!;
      }
      const before = await findAuthoredTopic(tx, body.id);
      if (!before) throw missing('id');
      // A new video of unknown length keeps no stale length; the same video keeps the one it had.
      const duration =
        body.duration_seconds !== undefined
          ? body.duration_seconds
          : before.video_link === body.video_link
            ? before.duration_seconds
            : null;
      await tx.query(`UPDATE topics SET name = $2, video_link = $3, duration_seconds = $4 WHERE id = $1`, [
        body.id,
        fields.name,
        fields.video_link,
        duration,
      ]);
      const after = (await findAuthoredTopic(tx, body.id))!;
      await recordAudit(tx, staff, {
        action: 'topic.update',
        entity: 'topic',
        entityId: body.id,
        before: { name: before.name, video_link: before.video_link, duration_seconds: before.duration_seconds },
        after: { name: after.name, video_link: after.video_link, duration_seconds: after.duration_seconds },
      });
      return after;
    });
    const { chapter_id: _, ...topic } = saved;
    return { status: true, message: `${topic.name} is saved.`, data: topic };
  });

  defineConsoleRoute(app, deleteTopic, async ({ body, staff }) => {
    const outcome = await db.transaction(async (tx) => {
      const before = await findAuthoredTopic(tx, body.id);
      if (!before) throw missing('id');
      const record = { name: before.name, video_link: before.video_link, watched_by: before.watched_by };
      if (before.watched_by === 0) {
        await tx.query(`DELETE FROM topics WHERE id = $1`, [body.id]);
        await recordAudit(tx, staff, {
          action: 'topic.delete',
          entity: 'topic',
          entityId: body.id,
          before: record,
          after: null,
        });
        return { name: before.name, hidden: false };
      }
      if (body.confirm !== true) {
        throw new ApiError(
          409,
          `${plural(before.watched_by, 'student')} ${before.watched_by === 1 ? 'has' : 'have'} watched ${before.name}. Deleting it hides it from students and keeps their watch history; send confirm: true to go ahead.`,
        );
      }
      await tx.query(`UPDATE topics SET deleted_at = now() WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, {
        action: 'topic.delete',
        entity: 'topic',
        entityId: body.id,
        before: record,
        after: { hidden: true },
      });
      return { name: before.name, hidden: true };
    });
    const message = outcome.hidden
      ? `${outcome.name} is deleted; students' watch history of it is kept.`
      : `${outcome.name} is deleted.`;
    return { status: true, message, data: null };
  });

  defineConsoleRoute(app, saveMaterial, async ({ body, staff }) => {
    const file = await checkMaterialFile(db, app.config, body.file_name);
    if (typeof file === 'string') throw new ApiError(400, `file_name: ${file}`);
    const saved = await db.transaction(async (tx) => {
      if (body.id === undefined) {
        if (body.chapter_id === undefined)
          throw new ApiError(400, 'chapter_id: a new study material needs its chapter');
        if (!(await findChapter(tx, body.chapter_id))) throw missing('chapter_id');
        const position = await nextPosition(tx, 'material', body.chapter_id);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO study_materials (chapter_id, title, file_name, password_protected, position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [body.chapter_id, body.title, body.file_name, file.passwordProtected, position],
        );
        const after = (await findAuthoredMaterial(tx, row!.id))!;
        await recordAudit(tx, staff, {
          action: 'material.add',
          entity: 'material',
          entityId: after.id,
          before: null,
          after,
        });
        return after;
      }
      const before = await findAuthoredMaterial(tx, body.id);
      if (!before) throw missing('id');
      await tx.query(`UPDATE study_materials SET title = $2, file_name = $3, password_protected = $4 WHERE id = $1`, [
        body.id,
        body.title,
        body.file_name,
        file.passwordProtected,
      ]);
      const after = (await findAuthoredMaterial(tx, body.id))!;
      await recordAudit(tx, staff, {
        action: before.file_name === after.file_name ? 'material.update' : 'material.replace',
        entity: 'material',
        entityId: body.id,
        before,
        after,
      });
      return after;
    });
    const { chapter_id: _, ...material } = saved;
    return { status: true, message: `${material.title} is saved.`, data: material };
  });

  defineConsoleRoute(app, deleteMaterial, async ({ body, staff }) => {
    const material = await db.transaction(async (tx) => {
      const before = await findAuthoredMaterial(tx, body.id);
      if (!before) throw missing('id');
      await tx.query(`DELETE FROM study_materials WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, {
        action: 'material.delete',
        entity: 'material',
        entityId: body.id,
        before,
        after: null,
      });
      return before;
    });
    return { status: true, message: `${material.title} is removed.`, data: null };
  });

  defineConsoleRoute(app, moveCourseItem, async ({ body, staff }) => {
    const moved = await db.transaction(async (tx) => {
      const done = await moveItem(tx, body.kind, body.id, body.direction);
      if (done === undefined) throw missing('id');
      if (done)
        await recordAudit(tx, staff, {
          action: `${body.kind}.move`,
          entity: body.kind,
          entityId: body.id,
          before: null,
          after: { direction: body.direction },
        });
      return done;
    });
    return {
      status: true,
      message: moved ? 'Moved.' : `It is already ${body.direction === 'up' ? 'first' : 'last'}.`,
      data: null,
    };
  });
}
