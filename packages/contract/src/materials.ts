import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

export const studyMaterial = z.object({
  id: z.number(),
  title: z.string(),
  chapter_name: z.string(),
  subject_name: z.string(),
  /** Where the viewer fetches the PDF: `/materials/{id}/{file name}`, served only with the session's Token header. */
  path: z.string(),
});
export type StudyMaterial = z.infer<typeof studyMaterial>;

/** A chapter's study materials; the chapter must belong to sub_id and to one of the student's subjects. */
export const getStudyMaterials = endpoint({
  method: 'POST',
  path: '/Student/study_materials',
  auth: true,
  body: studentBody({ sub_id: id, chapter_id: id }),
  response: envelope(z.array(studyMaterial)),
});
