import type { DownloadMaterial, DownloadStep, TopicDownload } from '@portal/contract/downloads';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';
import { ladderStepSizes, mediaFileSize } from '../../media/index.ts';
import { LADDER_JOIN } from '../learning/topic-repository.ts';
import { materialPath } from '../study-materials/material-repository.ts';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/** A video file a topic may hold under /media/ (not a playlist given by hand, not YouTube or Vimeo). */
const VIDEO_FILE = /^\/media\/(?!v\/)[^?#]+\.(webm|mp4|m4v|mov|ogv|mkv)$/i;

interface TopicRow {
  topic_id: number;
  topic_name: string;
  subject_id: number;
  subject_name: string;
  chapter_id: number;
  chapter_name: string;
  video_link: string;
  playlist: string | null;
  duration_seconds: number | null;
}

export interface Folders {
  mediaRoot: string;
  materialsRoot: string;
  apiBase: string;
}

/**
 * What the student may download of a topic of an enrolled subject (404 otherwise): its ladder's steps once encoded,
 * else its uploaded file, else nothing; and its chapter's study materials; each with its size. `sign` makes a stored
 * address into the student's signed link (decision 041).
 */
export async function topicDownloadChoices(
  db: Queryable,
  studentId: number,
  topicId: number,
  folders: Folders,
  sign: (address: string, subjectId: number) => string,
): Promise<TopicDownload> {
  const [topic] = await db.query<TopicRow>(
    `SELECT t.id AS topic_id, t.name AS topic_name, s.id AS subject_id, s.name AS subject_name,
            c.id AS chapter_id, c.name AS chapter_name, t.video_link, e.playlist,
            COALESCE(t.duration_seconds::real, e.duration_seconds) AS duration_seconds
       FROM topics t
       JOIN chapters c ON c.id = t.chapter_id
       JOIN subjects s ON s.id = c.subject_id
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       ${LADDER_JOIN}
      WHERE t.id = $2 AND t.deleted_at IS NULL`,
    [studentId, topicId],
  );
  if (!topic) throw notFound('That topic');
  const steps = await videoSteps(topic, folders.mediaRoot);
  return {
    topic_id: topic.topic_id,
    topic_name: topic.topic_name,
    subject_name: topic.subject_name,
    chapter_name: topic.chapter_name,
    duration_seconds: topic.duration_seconds,
    steps: steps.map((step) => ({ ...step, link: sign(step.link, topic.subject_id) })),
    materials: await chapterMaterials(db, topic.chapter_id, folders),
  };
}

async function videoSteps(topic: TopicRow, mediaRoot: string): Promise<DownloadStep[]> {
  if (topic.playlist) {
    const steps = await ladderStepSizes(mediaRoot, topic.playlist);
    if (steps.length)
      return steps.map(({ name, height, bytes, playlist }) => ({ name, height, bytes, link: playlist }));
  }
  if (!VIDEO_FILE.test(topic.video_link)) return [];
  const bytes = await mediaFileSize(mediaRoot, topic.video_link);
  return bytes === undefined ? [] : [{ name: 'original', height: null, bytes, link: topic.video_link }];
}

async function chapterMaterials(db: Queryable, chapterId: number, folders: Folders): Promise<DownloadMaterial[]> {
  const rows = await db.query<{ id: number; title: string; file_name: string }>(
    'SELECT id, title, file_name FROM study_materials WHERE chapter_id = $1 ORDER BY position, id LIMIT 200',
    [chapterId],
  );
  const materials: DownloadMaterial[] = [];
  for (const row of rows) {
    const file = resolve(folders.materialsRoot, row.file_name);
    if (!file.startsWith(folders.materialsRoot)) continue;
    const size = (await stat(file).catch(() => undefined))?.size;
    if (size === undefined) continue;
    materials.push({
      id: row.id,
      title: row.title,
      bytes: size,
      path: materialPath(folders.apiBase, row.id, row.file_name),
    });
  }
  return materials;
}
