import { constants } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Actor, recordAudit } from '../../audit/record-audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { PackFile } from './pack-files.ts';
import type { Pack } from './pack-schema.ts';
import { sanitizeNewsBody, sanitizeNewsHeading } from '../../domain/sanitize-news.ts';
import { queueEncoding } from '../../media/index.ts';

export interface Counts {
  new: number;
  updated: number;
  unchanged: number;
}

export interface ApplyOptions {
  /** Where pictures and videos go (served under /media/) and where PDFs go (the materials folder). */
  mediaDir: string;
  materialsDir: string;
  timeZone: string;
  /** false: work it all out in a transaction that is rolled back, so the counts are exact and nothing changes. */
  commit: boolean;
  /** Who imports it, recorded in the audit log with the counts when it is committed. */
  actor?: Actor;
}

/** Copied pack files live in their own folder, named by their content's hash. */
export const PACK_MEDIA_FOLDER = 'pack';
export const mediaLinkOf = (file: PackFile) => `/media/${PACK_MEDIA_FOLDER}/${file.storedName}`;
export const materialNameOf = (file: PackFile) => `pack-${file.storedName}`;

class DryRun extends Error {}

/**
 * Stores a checked pack in one transaction: each item is matched by name within its parent, then inserted,
 * updated where a field differs, or left as it is. Items the pack does not name are left alone. The files are
 * copied before the commit and removed again if the transaction does not commit, so a failed import leaves nothing.
 */
export async function applyPack(
  db: Database,
  pack: Pack,
  files: Map<string, PackFile>,
  options: ApplyOptions,
): Promise<Counts> {
  const counts: Counts = { new: 0, updated: 0, unchanged: 0 };
  const copied: string[] = [];
  try {
    await db.transaction(async (tx) => {
      // Two imports at once would each miss the other's new items and store them twice: one waits for the other.
      await tx.query('SELECT pg_advisory_xact_lock(9, 0)');
      await storePack(tx, pack, files, options.timeZone, counts);
      if (!options.commit) throw new DryRun();
      await recordAudit(tx, options.actor ?? 'command line', {
        action: 'content.import',
        entity: 'content_pack',
        entityId: null,
        before: null,
        after: counts,
      });
      await copyFiles(files, options, copied);
    });
  } catch (error) {
    if (error instanceof DryRun) return counts;
    await Promise.all(copied.map((path) => rm(path, { force: true })));
    throw error;
  }
  return counts;
}

/** Copies each file not already there (same hash, same content); remembers only those it created. */
async function copyFiles(files: Map<string, PackFile>, options: ApplyOptions, copied: string[]) {
  await mkdir(join(options.mediaDir, PACK_MEDIA_FOLDER), { recursive: true });
  await mkdir(options.materialsDir, { recursive: true });
  for (const file of files.values()) {
    const target =
      file.kind === 'pdf'
        ? join(options.materialsDir, materialNameOf(file))
        : join(options.mediaDir, PACK_MEDIA_FOLDER, file.storedName);
    try {
      await copyFile(file.path, target, constants.COPYFILE_EXCL);
      copied.push(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

type Params = readonly unknown[];

/**
 * One item: the id of the row matched by `find`, updated by `update` only where a field differs (its WHERE carries
 * the IS DISTINCT FROM test and RETURNING id), or the id `insert` returns.
 */
async function upsert(
  tx: Queryable,
  counts: Counts,
  find: [string, Params],
  update: (id: number) => [string, Params],
  insert: [string, Params],
) {
  const [found] = await tx.query<{ id: number }>(`${find[0]} ORDER BY id LIMIT 1`, find[1]);
  if (found) {
    const [sql, params] = update(found.id);
    const changed = await tx.query(sql, params);
    counts[changed.length ? 'updated' : 'unchanged']++;
    return found.id;
  }
  counts.new++;
  return (await tx.query<{ id: number }>(`${insert[0]} RETURNING id`, insert[1]))[0]!.id;
}

/**
 * A question matched by its text among the quiz's live ones. A change of its options, answer or marks retires it and
 * stores the new version (past reports keep showing the question they were taken with); a new place only moves it.
 */
async function storeQuestion(
  tx: Queryable,
  counts: Counts,
  quizId: number,
  text: string,
  options: string,
  correct: string,
  marks: number,
  position: number,
) {
  const [found] = await tx.query<{ id: number }>(
    `SELECT id FROM questions WHERE quiz_id = $1 AND lower(question) = lower($2) AND retired_at IS NULL ORDER BY id LIMIT 1`,
    [quizId, text],
  );
  if (found) {
    const retired = await tx.query(
      `UPDATE questions SET retired_at = now() WHERE id = $1 AND (options, correct_answer, marks) IS DISTINCT FROM ($2::jsonb, $3, $4) RETURNING id`,
      [found.id, options, correct, marks],
    );
    if (!retired.length) {
      const moved = await tx.query(
        `UPDATE questions SET position = $2 WHERE id = $1 AND position IS DISTINCT FROM $2 RETURNING id`,
        [found.id, position],
      );
      counts[moved.length ? 'updated' : 'unchanged']++;
      return;
    }
    counts.updated++;
  } else counts.new++;
  await tx.query(
    `INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position) VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
    [quizId, text, options, correct, marks, position],
  );
}

async function storePack(tx: Queryable, pack: Pack, files: Map<string, PackFile>, timeZone: string, counts: Counts) {
  const media = (name: string | undefined) => (name ? mediaLinkOf(files.get(name)!) : '');
  for (const [position, subject] of pack.subjects.entries()) {
    const thumbnail = media(subject.thumbnail);
    const subjectId = await upsert(
      tx,
      counts,
      [`SELECT id FROM subjects WHERE lower(name) = lower($1)`, [subject.name]],
      (id) => [
        `UPDATE subjects SET thumbnail = $2, position = $3 WHERE id = $1 AND (thumbnail, position) IS DISTINCT FROM ($2, $3) RETURNING id`,
        [id, thumbnail, position],
      ],
      [`INSERT INTO subjects (name, thumbnail, position) VALUES ($1, $2, $3)`, [subject.name, thumbnail, position]],
    );
    for (const [chapterPosition, chapter] of subject.chapters.entries()) {
      const chapterId = await upsert(
        tx,
        counts,
        [`SELECT id FROM chapters WHERE subject_id = $1 AND lower(name) = lower($2)`, [subjectId, chapter.name]],
        (id) => [
          `UPDATE chapters SET position = $2 WHERE id = $1 AND position IS DISTINCT FROM $2 RETURNING id`,
          [id, chapterPosition],
        ],
        [
          `INSERT INTO chapters (subject_id, name, position) VALUES ($1, $2, $3)`,
          [subjectId, chapter.name, chapterPosition],
        ],
      );
      for (const [i, topic] of chapter.topics.entries()) {
        const link = files.has(topic.video) ? media(topic.video) : topic.video;
        await upsert(
          tx,
          counts,
          [
            `SELECT id FROM topics WHERE chapter_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL`,
            [chapterId, topic.name],
          ],
          (id) => [
            `UPDATE topics SET video_link = $2, position = $3 WHERE id = $1 AND (video_link, position) IS DISTINCT FROM ($2, $3) RETURNING id`,
            [id, link, i],
          ],
          [
            `INSERT INTO topics (chapter_id, name, video_link, position) VALUES ($1, $2, $3, $4)`,
            [chapterId, topic.name, link, i],
          ],
        );
        // The pack's videos get their ladder like uploads do (docs/decisions/074).
        await queueEncoding(tx, link);
      }
      for (const [i, material] of chapter.materials.entries()) {
        const file = files.get(material.file)!;
        const fileName = materialNameOf(file);
        await upsert(
          tx,
          counts,
          [
            `SELECT id FROM study_materials WHERE chapter_id = $1 AND lower(title) = lower($2)`,
            [chapterId, material.title],
          ],
          (id) => [
            `UPDATE study_materials SET file_name = $2, position = $3, password_protected = $4 WHERE id = $1 AND (file_name, position) IS DISTINCT FROM ($2, $3) RETURNING id`,
            [id, fileName, i, file.passwordProtected],
          ],
          [
            `INSERT INTO study_materials (chapter_id, title, file_name, position, password_protected) VALUES ($1, $2, $3, $4, $5)`,
            [chapterId, material.title, fileName, i, file.passwordProtected],
          ],
        );
      }
      for (const quiz of chapter.quizzes) {
        const quizId = await upsert(
          tx,
          counts,
          [
            `SELECT id FROM quizzes WHERE chapter_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL`,
            [chapterId, quiz.name],
          ],
          (id) => [
            `UPDATE quizzes SET pass_marks = $2, allow_retake = $3 WHERE id = $1 AND (pass_marks, allow_retake) IS DISTINCT FROM ($2, $3) RETURNING id`,
            [id, quiz.pass_marks, quiz.allow_retake],
          ],
          [
            `INSERT INTO quizzes (chapter_id, name, pass_marks, allow_retake) VALUES ($1, $2, $3, $4)`,
            [chapterId, quiz.name, quiz.pass_marks, quiz.allow_retake],
          ],
        );
        for (const [i, question] of quiz.questions.entries()) {
          const options = JSON.stringify(question.options);
          const correct = question.options[question.answer - 1]!;
          await storeQuestion(tx, counts, quizId, question.question, options, correct, question.marks, i);
        }
      }
    }
    for (const batch of subject.batches) {
      const batchId = await upsert(
        tx,
        counts,
        [`SELECT id FROM batches WHERE subject_id = $1 AND lower(name) = lower($2)`, [subjectId, batch.name]],
        () => [`SELECT 1 WHERE false`, []],
        [`INSERT INTO batches (subject_id, name) VALUES ($1, $2)`, [subjectId, batch.name]],
      );
      for (const live of batch.classes) {
        const startsAt = `($3::timestamp AT TIME ZONE $4::text)`;
        await upsert(
          tx,
          counts,
          [
            `SELECT id FROM live_classes WHERE batch_id = $1 AND lower(class_name) = lower($2) AND starts_at = ${startsAt}`,
            [batchId, live.name, live.starts_at, timeZone],
          ],
          (id) => [
            `UPDATE live_classes SET tutor_name = $2, online_url = $3, duration_minutes = $4
             WHERE id = $1 AND (tutor_name, online_url, duration_minutes) IS DISTINCT FROM ($2, $3, $4) RETURNING id`,
            [id, live.tutor, live.link, live.duration_minutes],
          ],
          [
            `INSERT INTO live_classes (batch_id, class_name, starts_at, tutor_name, online_url, duration_minutes) VALUES ($1, $2, ${startsAt}, $5, $6, $7)`,
            [batchId, live.name, live.starts_at, timeZone, live.tutor, live.link, live.duration_minutes],
          ],
        );
      }
    }
  }
  for (const packed of pack.news) {
    // Stored sanitised, as the console's editor stores it.
    const item = { ...packed, heading: sanitizeNewsHeading(packed.heading), body: sanitizeNewsBody(packed.body) };
    const image = media(item.picture);
    const published = `COALESCE($4::timestamp AT TIME ZONE $5::text, now())`;
    await upsert(
      tx,
      counts,
      [`SELECT id FROM news WHERE lower(heading) = lower($1)`, [item.heading]],
      (id) => [
        `UPDATE news SET body = $2, image = $3, published_at = CASE WHEN $4::timestamp IS NULL THEN published_at ELSE ${published} END
         WHERE id = $1 AND (body, image) IS DISTINCT FROM ($2, $3) OR (id = $1 AND $4::timestamp IS NOT NULL AND published_at IS DISTINCT FROM ${published}) RETURNING id`,
        [id, item.body, image, item.published_at ?? null, timeZone],
      ],
      [
        `INSERT INTO news (heading, body, image, published_at) VALUES ($1, $2, $3, ${published})`,
        [item.heading, item.body, image, item.published_at ?? null, timeZone],
      ],
    );
  }
}
