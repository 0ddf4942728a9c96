import type { FastifyInstance } from 'fastify';
import * as call from '@portal/contract/console';
import type { Config } from '../../config.ts';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { type ConsoleContext, defineConsoleRoute } from '../../http/define-console-route.ts';
import {
  chapterContents,
  findAuthoredMaterial,
  findAuthoredSubject,
  findAuthoredTopic,
  findChapter,
  hideTopic,
  insertChapter,
  insertMaterial,
  insertSubject,
  insertTopic,
  listAuthoredChapters,
  listAuthoredSubjects,
  moveItem,
  removeChapter,
  removeMaterial,
  removeSubject,
  removeTopic,
  renameChapter,
  subjectBatches,
  updateMaterial,
  updateSubject,
  updateTopic,
} from './course-repository.ts';
import { deletedTopicRoutes } from './restore-topic.ts';
import { checkMaterialFile, checkVideoLink, queueEncoding } from '../../media/index.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such item (it may have been deleted).`);
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Staff author subjects, chapters, topics and study materials (docs/features/course-authoring.md); every change is in the audit log. */
export async function courseRoutes(app: FastifyInstance) {
  const { db, config } = app;
  defineConsoleRoute(app, call.listAuthoredSubjects, () => listSubjects(db));
  defineConsoleRoute(app, call.getAuthoredSubject, (context) => showSubject(db, context));
  defineConsoleRoute(app, call.saveSubject, (context) => saveSubject(db, context));
  defineConsoleRoute(app, call.deleteSubject, (context) => deleteSubject(db, context));
  defineConsoleRoute(app, call.saveChapter, (context) => saveChapter(db, context));
  defineConsoleRoute(app, call.deleteChapter, (context) => deleteChapter(db, context));
  defineConsoleRoute(app, call.saveTopic, (context) => saveTopic(db, config, context));
  defineConsoleRoute(app, call.deleteTopic, (context) => deleteTopic(db, context));
  defineConsoleRoute(app, call.saveMaterial, (context) => saveMaterial(db, config, context));
  defineConsoleRoute(app, call.deleteMaterial, (context) => deleteMaterial(db, context));
  defineConsoleRoute(app, call.moveCourseItem, (context) => moveCourseItem(db, context));
  deletedTopicRoutes(app);
}

async function listSubjects(db: Database) {
  return { status: true, message: 'Subjects', data: { subjects: await listAuthoredSubjects(db) } };
}

async function showSubject(db: Database, { body }: ConsoleContext<typeof call.getAuthoredSubject>) {
  const subject = await findAuthoredSubject(db, body.subject_id);
  if (!subject) throw missing('subject_id');
  return {
    status: true,
    message: subject.name,
    data: { subject, chapters: await listAuthoredChapters(db, subject.id) },
  };
}

async function saveSubject(db: Database, { body, staff }: ConsoleContext<typeof call.saveSubject>) {
  const fields = { name: body.name, thumbnail: body.thumbnail };
  const saved = await saveAndAudit(db, staff, async (tx) => {
    if (body.id === undefined) {
      const after = (await findAuthoredSubject(tx, await insertSubject(tx, fields)))!;
      const audit = { action: 'subject.add', entity: 'subject', entityId: after.id, before: null };
      return { answer: after, audit: { ...audit, after: { name: after.name, thumbnail: after.thumbnail } } };
    }
    const before = await findAuthoredSubject(tx, body.id);
    if (!before) throw missing('id');
    await updateSubject(tx, body.id, fields);
    return {
      answer: (await findAuthoredSubject(tx, body.id))!,
      audit: {
        action: 'subject.update',
        entity: 'subject',
        entityId: body.id,
        before: { name: before.name, thumbnail: before.thumbnail },
        after: fields,
      },
    };
  });
  const message = body.id === undefined ? `${saved.name} is added.` : `${saved.name} is saved.`;
  return { status: true, message, data: saved };
}

async function deleteSubject(db: Database, { body, staff }: ConsoleContext<typeof call.deleteSubject>) {
  const subject = await saveAndAudit(db, staff, async (tx) => {
    const before = await findAuthoredSubject(tx, body.id);
    if (!before) throw missing('id');
    const batches = await subjectBatches(tx, body.id);
    if (before.students > 0)
      throw new ApiError(
        409,
        `${plural(before.students, 'student')} ${before.students === 1 ? 'is' : 'are'} enrolled in ${before.name}. Take them out of it in Students first.`,
      );
    if (before.chapters > 0 || batches > 0) {
      const held = [before.chapters ? plural(before.chapters, 'chapter') : '', batches ? plural(batches, 'batch') : ''];
      throw new ApiError(409, `${before.name} still has ${held.filter(Boolean).join(' and ')}. Delete them first.`);
    }
    await removeSubject(tx, body.id);
    const was = { name: before.name, thumbnail: before.thumbnail };
    return {
      answer: before,
      audit: { action: 'subject.delete', entity: 'subject', entityId: body.id, before: was, after: null },
    };
  });
  return { status: true, message: `${subject.name} is deleted.`, data: null };
}

async function saveChapter(db: Database, { body, staff }: ConsoleContext<typeof call.saveChapter>) {
  const saved = await saveAndAudit(db, staff, async (tx) => {
    if (body.id === undefined) {
      if (body.subject_id === undefined) throw new ApiError(400, 'subject_id: a new chapter needs its subject');
      if (!(await findAuthoredSubject(tx, body.subject_id))) throw missing('subject_id');
      const added = await insertChapter(tx, body.subject_id, body.name);
      const after = { subject_id: body.subject_id, name: body.name };
      return {
        answer: added,
        audit: { action: 'chapter.add', entity: 'chapter', entityId: added.id, before: null, after },
      };
    }
    const before = await findChapter(tx, body.id);
    if (!before) throw missing('id');
    await renameChapter(tx, body.id, body.name);
    return {
      answer: { id: body.id, name: body.name },
      audit: {
        action: 'chapter.update',
        entity: 'chapter',
        entityId: body.id,
        before: { name: before.name },
        after: { name: body.name },
      },
    };
  });
  return { status: true, message: `${saved.name} is saved.`, data: saved };
}

async function deleteChapter(db: Database, { body, staff }: ConsoleContext<typeof call.deleteChapter>) {
  const chapter = await saveAndAudit(db, staff, async (tx) => {
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
    await removeChapter(tx, body.id);
    return {
      answer: before,
      audit: { action: 'chapter.delete', entity: 'chapter', entityId: body.id, before, after: null },
    };
  });
  return { status: true, message: `${chapter.name} is deleted.`, data: null };
}

async function saveTopic(db: Database, config: Config, { body, staff }: ConsoleContext<typeof call.saveTopic>) {
  const problem = await checkVideoLink(config, body.video_link);
  if (problem) throw new ApiError(400, `video_link: ${problem}`);
  const saved = await saveAndAudit(db, staff, (tx) =>
    body.id === undefined ? addTopic(tx, body) : changeTopic(tx, body.id, body),
  );
  const { chapter_id: _, ...topic } = saved;
  return { status: true, message: `${topic.name} is saved.`, data: topic };
}

type TopicBody = ConsoleContext<typeof call.saveTopic>['body'];

async function addTopic(tx: Queryable, body: TopicBody) {
  if (body.chapter_id === undefined) throw new ApiError(400, 'chapter_id: a new topic needs its chapter');
  if (!(await findChapter(tx, body.chapter_id))) throw missing('chapter_id');
  const fields = { name: body.name, video_link: body.video_link, duration_seconds: body.duration_seconds ?? null };
  const id = await insertTopic(tx, body.chapter_id, fields);
  // A video file not yet encoded (put in by hand, or uploaded before ladders) is queued too (docs/decisions/074).
  await queueEncoding(tx, body.video_link);
  return {
    answer: (await findAuthoredTopic(tx, id))!,
    audit: {
      action: 'topic.add',
      entity: 'topic',
      entityId: id,
      before: null,
      after: { chapter_id: body.chapter_id, ...fields },
    },
  };
}

async function changeTopic(tx: Queryable, id: number, body: TopicBody) {
  const before = await findAuthoredTopic(tx, id);
  if (!before) throw missing('id');
  // A new video of unknown length keeps no stale length; the same video keeps the one it had.
  const keptDuration = before.video_link === body.video_link ? before.duration_seconds : null;
  const duration = body.duration_seconds !== undefined ? body.duration_seconds : keptDuration;
  await updateTopic(tx, id, { name: body.name, video_link: body.video_link, duration_seconds: duration });
  await queueEncoding(tx, body.video_link);
  const after = (await findAuthoredTopic(tx, id))!;
  const recorded = (topic: typeof after) => ({
    name: topic.name,
    video_link: topic.video_link,
    duration_seconds: topic.duration_seconds,
  });
  return {
    answer: after,
    audit: { action: 'topic.update', entity: 'topic', entityId: id, before: recorded(before), after: recorded(after) },
  };
}

async function deleteTopic(db: Database, { body, staff }: ConsoleContext<typeof call.deleteTopic>) {
  const outcome = await saveAndAudit(db, staff, async (tx) => {
    const before = await findAuthoredTopic(tx, body.id);
    if (!before) throw missing('id');
    const record = { name: before.name, video_link: before.video_link, watched_by: before.watched_by };
    const audit = { action: 'topic.delete', entity: 'topic', entityId: body.id, before: record };
    if (before.watched_by === 0) {
      await removeTopic(tx, body.id);
      return { answer: { name: before.name, hidden: false }, audit: { ...audit, after: null } };
    }
    if (body.confirm !== true) {
      throw new ApiError(
        409,
        `${plural(before.watched_by, 'student')} ${before.watched_by === 1 ? 'has' : 'have'} watched ${before.name}. Deleting it hides it from students and keeps their watch history; send confirm: true to go ahead.`,
      );
    }
    await hideTopic(tx, body.id);
    return { answer: { name: before.name, hidden: true }, audit: { ...audit, after: { hidden: true } } };
  });
  const message = outcome.hidden
    ? `${outcome.name} is deleted; students' watch history of it is kept.`
    : `${outcome.name} is deleted.`;
  return { status: true, message, data: null };
}

async function saveMaterial(db: Database, config: Config, { body, staff }: ConsoleContext<typeof call.saveMaterial>) {
  const file = await checkMaterialFile(db, config, body.file_name);
  if (typeof file === 'string') throw new ApiError(400, `file_name: ${file}`);
  const fields = { title: body.title, file_name: body.file_name, password_protected: file.passwordProtected };
  const saved = await saveAndAudit(db, staff, async (tx) => {
    if (body.id === undefined) {
      if (body.chapter_id === undefined) throw new ApiError(400, 'chapter_id: a new study material needs its chapter');
      if (!(await findChapter(tx, body.chapter_id))) throw missing('chapter_id');
      const after = (await findAuthoredMaterial(tx, await insertMaterial(tx, body.chapter_id, fields)))!;
      return {
        answer: after,
        audit: { action: 'material.add', entity: 'material', entityId: after.id, before: null, after },
      };
    }
    const before = await findAuthoredMaterial(tx, body.id);
    if (!before) throw missing('id');
    await updateMaterial(tx, body.id, fields);
    const after = (await findAuthoredMaterial(tx, body.id))!;
    const action = before.file_name === after.file_name ? 'material.update' : 'material.replace';
    return { answer: after, audit: { action, entity: 'material', entityId: body.id, before, after } };
  });
  const { chapter_id: _, ...material } = saved;
  return { status: true, message: `${material.title} is saved.`, data: material };
}

async function deleteMaterial(db: Database, { body, staff }: ConsoleContext<typeof call.deleteMaterial>) {
  const material = await saveAndAudit(db, staff, async (tx) => {
    const before = await findAuthoredMaterial(tx, body.id);
    if (!before) throw missing('id');
    await removeMaterial(tx, body.id);
    return {
      answer: before,
      audit: { action: 'material.delete', entity: 'material', entityId: body.id, before, after: null },
    };
  });
  return { status: true, message: `${material.title} is removed.`, data: null };
}

async function moveCourseItem(db: Database, { body, staff }: ConsoleContext<typeof call.moveCourseItem>) {
  const moved = await saveAndAudit(db, staff, async (tx) => {
    const done = await moveItem(tx, body.kind, body.id, body.direction);
    if (done === undefined) throw missing('id');
    const audit = { action: `${body.kind}.move`, entity: body.kind, entityId: body.id, before: null };
    // An item already first or last did not move: nothing to record.
    return { answer: done, audit: done ? { ...audit, after: { direction: body.direction } } : null };
  });
  const message = moved ? 'Moved.' : `It is already ${body.direction === 'up' ? 'first' : 'last'}.`;
  return { status: true, message, data: null };
}
