import type { Queryable } from '../database.ts';
import type { DemoCourses } from './courses.ts';

/** The demo PDFs in apps/server/materials/ (made by apps/server/scripts/make-demo-pdfs.ts), by subject and chapter. */
const materials: { subject: string; chapter: string; title: string; file: string }[] = [
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    title: 'Units and Measurements - Notes',
    file: 'units-and-measurements-notes.pdf',
  },
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    title: 'Physics Formula Handbook',
    file: 'physics-formula-handbook.pdf',
  },
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    title: 'Further Reading (links)',
    file: 'further-reading-links.pdf',
  },
  // Password portal123 (docs/features/study-materials.md).
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    title: 'Practice Set 1 (password protected)',
    file: 'practice-set-1-protected.pdf',
  },
  {
    subject: 'Chemistry',
    chapter: 'Structure of Atom',
    title: 'Structure of Atom - Notes',
    file: 'structure-of-atom-notes.pdf',
  },
  { subject: 'Mathematics', chapter: 'Sets', title: 'Sets - Worksheet', file: 'sets-worksheet.pdf' },
  // The other demo student's subject: what the demo student must never fetch.
  {
    subject: 'Biology',
    chapter: 'The Living World',
    title: 'The Living World - Notes',
    file: 'living-world-notes.pdf',
  },
];

export async function seedMaterials(db: Queryable, courses: DemoCourses) {
  for (const [position, material] of materials.entries()) {
    const chapter = courses.subjects
      .find((s) => s.name === material.subject)
      ?.chapters.find((c) => c.name === material.chapter);
    if (!chapter) throw new Error(`Demo chapter ${material.subject} / ${material.chapter} is missing`);
    await db.query(
      `INSERT INTO study_materials (chapter_id, title, file_name, position, password_protected) VALUES ($1, $2, $3, $4, $5)`,
      [chapter.id, material.title, material.file, position, material.file.includes('protected')],
    );
  }
}
