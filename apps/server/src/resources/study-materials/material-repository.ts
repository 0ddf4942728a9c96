import type { StudyMaterial } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';

/** A chapter has a handful of materials; the cap only keeps a mistaken import from flooding the screen. */
const MAX_MATERIALS = 200;

/** The URL the viewer fetches a material from; the file name is for people and downloads, the id decides. */
export const materialPath = (apiBase: string, id: number, fileName: string) =>
  `${apiBase}/materials/${id}/${encodeURIComponent(fileName)}`;

export async function listMaterials(
  db: Queryable,
  chapter: { id: number; name: string; subject_name: string },
  apiBase: string,
): Promise<StudyMaterial[]> {
  const rows = await db.query<{ id: number; title: string; file_name: string }>(
    `SELECT id, title, file_name FROM study_materials
      WHERE chapter_id = $1
      ORDER BY position, id
      LIMIT ${MAX_MATERIALS}`,
    [chapter.id],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    chapter_name: chapter.name,
    subject_name: chapter.subject_name,
    path: materialPath(apiBase, row.id, row.file_name),
  }));
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
