import type { StudyMaterial } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { listInReach } from '../subjects/access.ts';

/** A chapter has a handful of materials; the cap only keeps a mistaken import from flooding the screen. */
const MAX_MATERIALS = 200;

/** The URL the viewer fetches a material from; the file name is for people and downloads, the id decides. */
export const materialPath = (apiBase: string, id: number, fileName: string) =>
  `${apiBase}/materials/${id}/${encodeURIComponent(fileName)}`;

/**
 * The chapter's materials, only when the chapter is of the given subject and the student is enrolled in it, checked
 * in the same query (one trip to the database instead of two) on the subject already joined; null otherwise.
 */
export async function listReachableMaterials(
  db: Queryable,
  studentId: number,
  subjectId: number,
  chapterId: number,
  apiBase: string,
): Promise<StudyMaterial[] | null> {
  const rows = await db.query<{
    id: number | null;
    title: string;
    file_name: string;
    chapter_name: string;
    subject_name: string;
  }>(
    `SELECT m.id, m.title, m.file_name, c.name AS chapter_name, s.name AS subject_name
       FROM chapters c
       JOIN subjects s ON s.id = c.subject_id
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN LATERAL (
         SELECT id, title, file_name, position FROM study_materials
          WHERE chapter_id = c.id
          ORDER BY position, id
          LIMIT ${MAX_MATERIALS}
       ) m ON true
      WHERE c.id = $2 AND c.subject_id = $3
      ORDER BY m.position, m.id`,
    [studentId, chapterId, subjectId],
  );
  return (
    listInReach(rows, 'id')?.map((row) => ({
      id: row.id,
      title: row.title,
      chapter_name: row.chapter_name,
      subject_name: row.subject_name,
      path: materialPath(apiBase, row.id, row.file_name),
    })) ?? null
  );
}

/** The material's file, only when the student is enrolled in the subject its chapter belongs to. */
export async function findStudentMaterial(db: Queryable, studentId: number, materialId: number) {
  const [row] = await db.query<{ id: number; title: string; file_name: string }>(
    `SELECT m.id, m.title, m.file_name
       FROM study_materials m
       JOIN reachable_chapters r ON r.chapter_id = m.chapter_id AND r.student_id = $1
      WHERE m.id = $2`,
    [studentId, materialId],
  );
  return row;
}
