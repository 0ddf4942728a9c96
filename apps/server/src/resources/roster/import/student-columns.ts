/** The columns of a student CSV, in the order export writes them; only name and mobile are required. */
export const STUDENT_COLUMNS = [
  'name',
  'mobile',
  'guardian',
  'email',
  'state',
  'district',
  'academic_level',
  'subjects',
  'batches',
] as const;
export type StudentColumn = (typeof STUDENT_COLUMNS)[number];
