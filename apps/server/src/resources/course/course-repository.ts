import type { AuthoredChapter, AuthoredMaterial, AuthoredSubject, AuthoredTopic } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

/** A small institute has tens of subjects; the bound keeps a mistaken import from flooding the page. */
const MAX_SUBJECTS = 500;
/** Chapters of a subject, and topics and materials of a chapter, as the student screens bound them. */
const MAX_ITEMS = 200;

// The uploads' own file names (migration 095), for the console to show instead of the stored names.
const originalName = (address: string) => `(SELECT mn.original_name FROM media_names mn WHERE mn.address = ${address})`;

const subjectColumns = `s.id, s.name, s.thumbnail, ${originalName('s.thumbnail')} AS thumbnail_name,
  (SELECT count(*)::int FROM chapters c WHERE c.subject_id = s.id) AS chapters,
  (SELECT count(*)::int FROM enrolments e WHERE e.subject_id = s.id) AS students`;

export function listAuthoredSubjects(db: Queryable): Promise<AuthoredSubject[]> {
  return db.query<AuthoredSubject>(
    `SELECT ${subjectColumns} FROM subjects s ORDER BY s.position, s.id LIMIT ${MAX_SUBJECTS}`,
  );
}

export async function findAuthoredSubject(db: Queryable, id: number): Promise<AuthoredSubject | undefined> {
  const [row] = await db.query<AuthoredSubject>(`SELECT ${subjectColumns} FROM subjects s WHERE s.id = $1`, [id]);
  return row;
}

const topicColumns = `t.id, t.name, t.video_link, ${originalName('t.video_link')} AS video_name, t.duration_seconds,
  (SELECT count(*)::int FROM watch_progress w WHERE w.topic_id = t.id) AS watched_by,
  (SELECT json_build_object('state', e.state, 'progress', e.progress, 'error', e.error,
            'heights', COALESCE((SELECT json_agg((s->>'height')::int) FROM jsonb_array_elements(e.steps) s), '[]'::json))
     FROM video_encodings e WHERE e.source = t.video_link) AS encoding`;

/** The subject's chapters with their live topics and materials: three indexed reads, whatever the number of chapters. */
export async function listAuthoredChapters(db: Queryable, subjectId: number): Promise<AuthoredChapter[]> {
  const chapters = await db.query<{ id: number; name: string; quizzes: number }>(
    `SELECT c.id, c.name, (SELECT count(*)::int FROM quizzes q WHERE q.chapter_id = c.id AND q.deleted_at IS NULL) AS quizzes
       FROM chapters c WHERE c.subject_id = $1 ORDER BY c.position, c.id LIMIT ${MAX_ITEMS}`,
    [subjectId],
  );
  const ids = chapters.map((chapter) => chapter.id);
  const [topics, materials] = await Promise.all([
    db.query<AuthoredTopic & { chapter_id: number }>(
      `SELECT t.chapter_id, ${topicColumns} FROM topics t
        WHERE t.chapter_id = ANY($1::int[]) AND t.deleted_at IS NULL ORDER BY t.chapter_id, t.position, t.id`,
      [ids],
    ),
    db.query<AuthoredMaterial & { chapter_id: number }>(
      `SELECT chapter_id, id, title, file_name, ${originalName('file_name')} AS original_name, password_protected FROM study_materials
        WHERE chapter_id = ANY($1::int[]) ORDER BY chapter_id, position, id`,
      [ids],
    ),
  ]);
  return chapters.map((chapter) => ({
    ...chapter,
    topics: topics
      .filter((topic) => topic.chapter_id === chapter.id)
      .slice(0, MAX_ITEMS)
      .map(({ chapter_id: _, ...topic }) => topic),
    materials: materials
      .filter((material) => material.chapter_id === chapter.id)
      .slice(0, MAX_ITEMS)
      .map(({ chapter_id: _, ...material }) => material),
  }));
}

export async function findAuthoredTopic(
  db: Queryable,
  id: number,
): Promise<(AuthoredTopic & { chapter_id: number }) | undefined> {
  const [row] = await db.query<AuthoredTopic & { chapter_id: number }>(
    `SELECT t.chapter_id, ${topicColumns} FROM topics t WHERE t.id = $1 AND t.deleted_at IS NULL`,
    [id],
  );
  return row;
}

export async function findAuthoredMaterial(
  db: Queryable,
  id: number,
): Promise<(AuthoredMaterial & { chapter_id: number }) | undefined> {
  const [row] = await db.query<AuthoredMaterial & { chapter_id: number }>(
    `SELECT chapter_id, id, title, file_name, ${originalName('file_name')} AS original_name, password_protected FROM study_materials WHERE id = $1`,
    [id],
  );
  return row;
}

export async function findChapter(
  db: Queryable,
  id: number,
): Promise<{ id: number; name: string; subject_id: number } | undefined> {
  const [row] = await db.query<{ id: number; name: string; subject_id: number }>(
    `SELECT id, name, subject_id FROM chapters WHERE id = $1`,
    [id],
  );
  return row;
}

/** What still hangs on a chapter: anything at all keeps it from being deleted. */
export async function chapterContents(db: Queryable, id: number) {
  const [row] = await db.query<{ topics: number; materials: number; quizzes: number }>(
    `SELECT (SELECT count(*)::int FROM topics WHERE chapter_id = $1) AS topics,
            (SELECT count(*)::int FROM study_materials WHERE chapter_id = $1) AS materials,
            (SELECT count(*)::int FROM quizzes WHERE chapter_id = $1) AS quizzes`,
    [id],
  );
  return row!;
}

export async function subjectBatches(db: Queryable, id: number): Promise<number> {
  const [row] = await db.query<{ batches: number }>(
    `SELECT count(*)::int AS batches FROM batches WHERE subject_id = $1`,
    [id],
  );
  return row!.batches;
}

// Changes. Each new item goes after its last sibling; the routes check the parent first and audit the change.

export async function insertSubject(tx: Queryable, fields: { name: string; thumbnail: string }): Promise<number> {
  const position = await nextPosition(tx, 'subject', null);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subjects (name, thumbnail, position) VALUES ($1, $2, $3) RETURNING id`,
    [fields.name, fields.thumbnail, position],
  );
  return row!.id;
}

export async function updateSubject(tx: Queryable, id: number, fields: { name: string; thumbnail: string }) {
  await tx.query(`UPDATE subjects SET name = $2, thumbnail = $3 WHERE id = $1`, [id, fields.name, fields.thumbnail]);
}

export async function removeSubject(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM subjects WHERE id = $1`, [id]);
}

export async function insertChapter(tx: Queryable, subjectId: number, name: string) {
  const position = await nextPosition(tx, 'chapter', subjectId);
  const [row] = await tx.query<{ id: number; name: string }>(
    `INSERT INTO chapters (subject_id, name, position) VALUES ($1, $2, $3) RETURNING id, name`,
    [subjectId, name, position],
  );
  return row!;
}

export async function renameChapter(tx: Queryable, id: number, name: string) {
  await tx.query(`UPDATE chapters SET name = $2 WHERE id = $1`, [id, name]);
}

export async function removeChapter(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM chapters WHERE id = $1`, [id]);
}

export interface TopicFields {
  name: string;
  video_link: string;
  duration_seconds: number | null;
}

export async function insertTopic(tx: Queryable, chapterId: number, fields: TopicFields): Promise<number> {
  const position = await nextPosition(tx, 'topic', chapterId);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO topics (chapter_id, name, video_link, duration_seconds, position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [chapterId, fields.name, fields.video_link, fields.duration_seconds, position],
  );
  return row!.id;
}

export async function updateTopic(tx: Queryable, id: number, fields: TopicFields) {
  await tx.query(`UPDATE topics SET name = $2, video_link = $3, duration_seconds = $4 WHERE id = $1`, [
    id,
    fields.name,
    fields.video_link,
    fields.duration_seconds,
  ]);
}

export async function removeTopic(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM topics WHERE id = $1`, [id]);
}

/** A watched topic is hidden, not deleted: its watch history stays for insights. */
export async function hideTopic(tx: Queryable, id: number) {
  await tx.query(`UPDATE topics SET deleted_at = now() WHERE id = $1`, [id]);
}

export interface MaterialFields {
  title: string;
  file_name: string;
  password_protected: boolean;
}

export async function insertMaterial(tx: Queryable, chapterId: number, fields: MaterialFields): Promise<number> {
  const position = await nextPosition(tx, 'material', chapterId);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO study_materials (chapter_id, title, file_name, password_protected, position) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [chapterId, fields.title, fields.file_name, fields.password_protected, position],
  );
  return row!.id;
}

export async function updateMaterial(tx: Queryable, id: number, fields: MaterialFields) {
  await tx.query(`UPDATE study_materials SET title = $2, file_name = $3, password_protected = $4 WHERE id = $1`, [
    id,
    fields.title,
    fields.file_name,
    fields.password_protected,
  ]);
}

export async function removeMaterial(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM study_materials WHERE id = $1`, [id]);
}

// Order among siblings. Positions may repeat (imports and seeds leave gaps and ties), so a move first numbers the
// siblings 0, 1, 2… in the order students see, then swaps the item with its neighbour.

interface Siblings {
  table: string;
  /** The column naming the parent, or null for subjects (all of them are siblings). */
  parent: string | null;
  live: string;
}

export const SIBLINGS = {
  subject: { table: 'subjects', parent: null, live: 'true' },
  chapter: { table: 'chapters', parent: 'subject_id', live: 'true' },
  topic: { table: 'topics', parent: 'chapter_id', live: 'deleted_at IS NULL' },
  material: { table: 'study_materials', parent: 'chapter_id', live: 'true' },
} satisfies Record<string, Siblings>;

/** The position after the last sibling: where a new item goes. */
export async function nextPosition(
  db: Queryable,
  kind: keyof typeof SIBLINGS,
  parentId: number | null,
): Promise<number> {
  const { table, parent } = SIBLINGS[kind];
  const [row] = await db.query<{ next: number }>(
    `SELECT COALESCE(max(position) + 1, 0)::int AS next FROM ${table} WHERE ${parent ? `${parent} = $1` : '$1::int IS NULL'}`,
    [parentId],
  );
  return row!.next;
}

/** Moves an item one place; answers false when there is no such item, or it is already first or last. */
export async function moveItem(
  tx: Queryable,
  kind: keyof typeof SIBLINGS,
  id: number,
  direction: 'up' | 'down',
): Promise<boolean | undefined> {
  const { table, parent, live } = SIBLINGS[kind];
  const [item] = await tx.query<{ parent_id: number | null }>(
    `SELECT ${parent ?? 'NULL::int'} AS parent_id FROM ${table} WHERE id = $1 AND ${live}`,
    [id],
  );
  if (!item) return undefined;
  const scope = parent ? `${parent} = $1` : '$1::int IS NULL';
  // Two moves among the same siblings at once would each renumber from a stale order: one waits for the other.
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtextextended('course-order:' || $1::text || ':' || COALESCE($2::text, ''), 0))`,
    [table, item.parent_id],
  );
  const siblings = await tx.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE ${scope} AND ${live} ORDER BY position, id LIMIT 1000`,
    [item.parent_id],
  );
  const from = siblings.findIndex((sibling) => sibling.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= siblings.length) return false;
  [siblings[from], siblings[to]] = [siblings[to]!, siblings[from]!];
  await tx.query(
    `UPDATE ${table} t SET position = o.position
       FROM (SELECT id, (ordinality - 1)::int AS position FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ordinality)) o
      WHERE t.id = o.id AND t.position IS DISTINCT FROM o.position`,
    [siblings.map((sibling) => sibling.id)],
  );
  return true;
}
