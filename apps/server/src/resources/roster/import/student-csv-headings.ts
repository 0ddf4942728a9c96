import type { StudentColumn } from './student-columns.ts';

/**
 * The headings a clerk's sheet uses for each column, compared after `headingKey` (case, spaces and punctuation
 * ignored: "Mobile No." is `mobileno`, "Father's Name" is `fathersname`). docs/features/roster.md lists them.
 */
const HEADINGS: Record<StudentColumn, string[]> = {
  name: [
    'name',
    'student name',
    "student's name",
    'name of student',
    'name of the student',
    'full name',
    'candidate name',
    'नाम',
    'छात्र का नाम',
    'विद्यार्थी का नाम',
  ],
  mobile: [
    'mobile',
    'mobile no',
    'mobile number',
    'mob no',
    'phone',
    'phone no',
    'phone number',
    'contact',
    'contact no',
    'contact number',
    'whatsapp',
    'whatsapp no',
    'whatsapp number',
    "student's mobile",
    'student mobile',
    'मोबाइल',
    'मोबाइल नंबर',
    'फोन',
    'फ़ोन',
  ],
  guardian: [
    'guardian',
    'guardian name',
    "guardian's name",
    'father',
    'father name',
    "father's name",
    'parent',
    'parent name',
    "parent's name",
    'अभिभावक',
    'अभिभावक का नाम',
    'पिता का नाम',
  ],
  email: ['email', 'email id', 'email address', 'e-mail', 'e-mail id', 'mail id', 'ईमेल'],
  state: ['state', 'राज्य'],
  district: ['district', 'जिला', 'ज़िला'],
  academic_level: ['academic level', 'class', 'standard', 'std', 'grade', 'कक्षा'],
  subjects: ['subjects', 'subject', 'विषय'],
  batches: ['batches', 'batch', 'बैच'],
};

/**
 * A serial number numbers the sheet's rows and is no student's data, so its column is skipped without a word.
 * A roll number is not one: it is the institute's own number for the student, which the portal does not keep, so it
 * is named among the columns not imported.
 */
const SERIAL_NUMBER = [
  '#',
  's no',
  'sno',
  'sr no',
  'sl no',
  'serial',
  'serial no',
  'serial number',
  'क्रम',
  'क्रमांक',
  'क्र सं',
];

/** A heading as it is compared: lower case, letters (any script, with their vowel signs) and digits only. */
export const headingKey = (heading: string) =>
  heading
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{M}\p{N}#]/gu, '');

const columnOfKey = new Map<string, StudentColumn>();
for (const [column, headings] of Object.entries(HEADINGS) as [StudentColumn, string[]][]) {
  for (const heading of [column, ...headings]) columnOfKey.set(headingKey(heading), column);
}
const serialKeys = new Set(SERIAL_NUMBER.map(headingKey));

/** What a heading is read as: one of the student's columns, a serial number, or not understood. */
export function readHeading(heading: string): StudentColumn | 'serial' | undefined {
  const key = headingKey(heading);
  return columnOfKey.get(key) ?? (serialKeys.has(key) ? 'serial' : undefined);
}

/** The headings a column is understood by, for a message (the first few). */
export const headingsOf = (column: StudentColumn, count = 4) => HEADINGS[column].slice(0, count);
