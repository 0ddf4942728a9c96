import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { stringify } from 'yaml';
import type { Queryable } from '../../db/database.ts';
import { type Pack, placeOf } from './pack-schema.ts';

export interface ExportOptions {
  mediaDir: string;
  materialsDir: string;
  timeZone: string;
}

/**
 * Writes the course as a content pack: FOLDER/content.yaml and every file it names (media/… from the media
 * folder, materials/… from the materials folder). Answers warnings for what a pack cannot carry back in (a
 * picture that is not PNG/JPEG/WebP, a video file that is not mp4/webm, a file that is missing).
 */
export async function exportPack(
  db: Queryable,
  folder: string,
  options: ExportOptions,
): Promise<{ counts: Record<string, number>; warnings: string[] }> {
  const warnings: string[] = [];
  const copies = new Map<string, string>();
  const local = (stored: string, from: 'media' | 'materials', place: string) => {
    const path = from === 'media' ? stored.slice('/media/'.length) : stored;
    const clean = posix.normalize(path);
    if (clean.startsWith('..') || posix.isAbsolute(clean)) {
      warnings.push(`${place}: ${stored} lies outside the ${from} folder and was left out`);
      return undefined;
    }
    const name = `${from}/${clean}`;
    copies.set(name, join(from === 'media' ? options.mediaDir : options.materialsDir, clean));
    if (from === 'media' && !/\.(png|jpe?g|webp|mp4|webm)$/i.test(clean))
      warnings.push(`${place}: ${name} is a kind of file a pack cannot import`);
    return name;
  };
  const time = (column: string) => `to_char(${column} AT TIME ZONE $1::text, 'YYYY-MM-DD HH24:MI')`;
  const tz = [options.timeZone];

  const pack: Pack = { subjects: [], news: [] };
  const subjects = await db.query<{ id: number; name: string; thumbnail: string }>(
    `SELECT id, name, thumbnail FROM subjects ORDER BY position, id`,
  );
  for (const [s, subject] of subjects.entries()) {
    const at = placeOf(['subjects', s]);
    const thumbnail = subject.thumbnail.startsWith('/media/')
      ? local(subject.thumbnail, 'media', `${at}.thumbnail`)
      : undefined;
    const entry: Pack['subjects'][number] = {
      name: subject.name,
      ...(thumbnail ? { thumbnail } : {}),
      chapters: [],
      batches: [],
    };
    const chapters = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM chapters WHERE subject_id = $1 ORDER BY position, id`,
      [subject.id],
    );
    for (const [c, chapter] of chapters.entries()) {
      const ch = `${at}.chapters[${c}]`;
      const topics = await db.query<{ name: string; video_link: string }>(
        `SELECT name, video_link FROM topics WHERE chapter_id = $1 AND deleted_at IS NULL ORDER BY position, id`,
        [chapter.id],
      );
      const materials = await db.query<{ title: string; file_name: string }>(
        `SELECT title, file_name FROM study_materials WHERE chapter_id = $1 ORDER BY position, id`,
        [chapter.id],
      );
      const quizzes = await db.query<{ id: number; name: string; pass_marks: number; allow_retake: boolean }>(
        `SELECT id, name, pass_marks, allow_retake FROM quizzes WHERE chapter_id = $1 AND deleted_at IS NULL ORDER BY id`,
        [chapter.id],
      );
      const quizEntries = [];
      for (const [q, quiz] of quizzes.entries()) {
        const questions = await db.query<{
          question: string;
          options: string[];
          correct_answer: string;
          marks: number;
        }>(
          `SELECT question, options, correct_answer, marks FROM questions WHERE quiz_id = $1 AND retired_at IS NULL ORDER BY position, id`,
          [quiz.id],
        );
        quizEntries.push({
          name: quiz.name,
          pass_marks: quiz.pass_marks,
          allow_retake: quiz.allow_retake,
          questions: questions.map((x, n) => {
            const answer = x.options.indexOf(x.correct_answer) + 1;
            if (!answer) warnings.push(`${ch}.quizzes[${q}].questions[${n}]: its right answer is none of its options`);
            return { question: x.question, options: x.options, answer, marks: x.marks };
          }),
        });
      }
      entry.chapters.push({
        name: chapter.name,
        topics: topics.map((t, i) => ({
          name: t.name,
          video: t.video_link.startsWith('/media/')
            ? (local(t.video_link, 'media', `${ch}.topics[${i}].video`) ?? t.video_link)
            : t.video_link,
        })),
        materials: materials.map((m, i) => ({
          title: m.title,
          file: local(m.file_name, 'materials', `${ch}.materials[${i}].file`) ?? m.file_name,
        })),
        quizzes: quizEntries,
      });
    }
    const batches = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM batches WHERE subject_id = $1 ORDER BY id`,
      [subject.id],
    );
    for (const batch of batches) {
      const classes = await db.query<{
        name: string;
        tutor: string;
        starts_at: string;
        duration_minutes: number;
        link: string;
      }>(
        `SELECT class_name AS name, tutor_name AS tutor, ${time('starts_at')} AS starts_at, duration_minutes, online_url AS link
         FROM live_classes WHERE batch_id = $2 ORDER BY starts_at, id`,
        [...tz, batch.id],
      );
      entry.batches.push({ name: batch.name, classes });
    }
    pack.subjects.push(entry);
  }
  const news = await db.query<{ heading: string; body: string; image: string; published_at: string }>(
    `SELECT heading, body, image, ${time('published_at')} AS published_at FROM news ORDER BY published_at, id`,
    tz,
  );
  for (const [n, item] of news.entries()) {
    const picture = item.image.startsWith('/media/') ? local(item.image, 'media', `news[${n}].picture`) : undefined;
    pack.news.push({
      heading: item.heading,
      body: item.body,
      ...(picture ? { picture } : {}),
      published_at: item.published_at,
    });
  }

  await mkdir(folder, { recursive: true });
  for (const [name, source] of copies) {
    const target = join(folder, name);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, target).catch(() => warnings.push(`${name}: the file is missing from the server's folder`));
  }
  await writeFile(join(folder, 'content.yaml'), stringify(pack, { lineWidth: 0 }));
  const counts = { subjects: pack.subjects.length, news: pack.news.length, files: copies.size };
  return { counts, warnings };
}
