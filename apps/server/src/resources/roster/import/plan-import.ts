import { canonicalMobile, formatMobile, type CountryCode } from '@portal/contract/phone';
import type { Queryable } from '../../../db/database.ts';
import {
  findStudentsByNumbers,
  listSubjectsAndBatches,
  type NamedBatch,
  type NamedSubject,
  type StudentRecord,
} from '../roster-repository.ts';
import { TEXT_FIELDS, checkTextField, type TextField } from '../student-fields.ts';
import type { CsvLine, StudentCsv } from './student-csv-file.ts';
import { batchesOf, turnTaker } from './take-turns.ts';

export type LineStatus = 'new' | 'updated' | 'unchanged' | 'error';

/** One line of the file as the preview shows it. */
export interface PlannedLine {
  line: number;
  status: LineStatus;
  name: string;
  /** Canonical and formatted (`+91 98765 43210`) when it could be read; as written otherwise. */
  mobile: string;
  /** The reason of an error (its problems in one sentence), or what an update changes (`Changes guardian, subjects`). */
  message: string;
  /** Every problem of an error line, each on its own. */
  problems: string[];
}

/** What a valid line stores: the fields it sets (empty cells keep what is stored) and enrolments it adds. */
export interface StudentChange {
  line: number;
  existing: StudentRecord | undefined;
  callingCode: string;
  national: string;
  fields: Partial<Record<TextField, string>>;
  subjectIds: number[];
  batchIds: number[];
}

export interface ImportPlan {
  /** Headings of the file's columns that are not imported. */
  ignoredColumns: string[];
  lines: PlannedLine[];
  changes: StudentChange[];
  counts: Record<LineStatus, number>;
}

const splitNames = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((n) => n.trim())
    .filter(Boolean);
const key = (name: string) => name.toLocaleLowerCase('en').replace(/\s+/g, ' ');

/**
 * Reads every line against the database as it is: which students it creates or changes, and why a line
 * cannot be stored. The same plan is shown as the preview and applied by the commit. It takes turns with other
 * requests, and looks students up a batch at a time (take-turns.ts).
 */
export async function planImport(db: Queryable, csv: StudentCsv, defaultCountry: CountryCode): Promise<ImportPlan> {
  const { subjects, batches } = await listSubjectsAndBatches(db);
  const subjectsByName = groupByName(subjects);
  const batchesByName = groupByName(batches);

  const lines: PlannedLine[] = [];
  const candidates: (StudentChange & { written: PlannedLine })[] = [];
  const firstLineOfNumber = new Map<string, number>();
  const takeTurn = turnTaker();

  for (const csvLine of csv.lines) {
    await takeTurn();
    const planned: PlannedLine = {
      line: csvLine.line,
      status: 'error',
      name: csvLine.cells.name ?? '',
      mobile: csvLine.cells.mobile ?? '',
      message: '',
      problems: [],
    };
    lines.push(planned);
    const { read, problems } = readLine(csvLine, defaultCountry, subjectsByName, batchesByName);
    if (read.number) {
      planned.mobile = formatMobile(`+${read.number.callingCode}${read.number.national}`);
      // A number is the line's even when the line has other problems, so fixing them brings no new one to light.
      const key = read.number.callingCode + read.number.national;
      const earlier = firstLineOfNumber.get(key);
      if (earlier !== undefined) problems.push(`the same mobile number as line ${earlier}`);
      else firstLineOfNumber.set(key, csvLine.line);
    }
    if (problems.length || !read.number) {
      planned.problems = problems.map(sentence);
      planned.message = planned.problems.join(' ');
      continue;
    }
    const { number, ...rest } = read;
    candidates.push({
      ...rest,
      callingCode: number.callingCode,
      national: number.national,
      existing: undefined,
      written: planned,
    });
  }

  const existing = new Map<string, StudentRecord>();
  for (const batch of batchesOf(candidates)) {
    for (const student of await findStudentsByNumbers(db, batch))
      existing.set(student.phone_code + student.mobile, student);
    await takeTurn();
  }
  const changes: StudentChange[] = [];
  for (const candidate of candidates) {
    await takeTurn();
    const { written, ...change } = candidate;
    change.existing = existing.get(change.callingCode + change.national);
    const changed = change.existing ? describeChanges(change.existing, change) : [];
    written.status = !change.existing ? 'new' : changed.length ? 'updated' : 'unchanged';
    written.message = written.status === 'updated' ? `Changes ${changed.join(', ')}` : '';
    if (written.status !== 'unchanged') changes.push(change);
  }

  const counts: ImportPlan['counts'] = { new: 0, updated: 0, unchanged: 0, error: 0 };
  for (const line of lines) counts[line.status]++;
  return { ignoredColumns: csv.ignoredColumns, lines, changes, counts };
}

/** What a line holds, as far as it could be read, and every problem it has (all of them, so one round of fixes does). */
function readLine(
  csvLine: CsvLine,
  defaultCountry: CountryCode,
  subjectsByName: Map<string, NamedSubject[]>,
  batchesByName: Map<string, NamedBatch[]>,
): {
  read: Omit<StudentChange, 'existing' | 'callingCode' | 'national'> & {
    number?: { callingCode: string; national: string };
  };
  problems: string[];
} {
  const { cells } = csvLine;
  const problems: string[] = [];
  if (csvLine.extraCells)
    problems.push(
      'this line has more cells than the header has columns: put quotes around a value that contains a comma',
    );
  const fields: StudentChange['fields'] = {};
  const lostLetters: string[] = [];
  for (const field of TEXT_FIELDS) {
    const value = cells[field] ?? '';
    const problem = checkTextField(field, value);
    if (hasLostLetters(value)) lostLetters.push(`${field} "${value}"`);
    else if (problem) problems.push(problem);
    else if (value) fields[field] = value;
  }
  const number = cells.mobile
    ? canonicalMobile(cells.mobile, { defaultCountry })
    : { ok: false as const, message: 'mobile is required' };
  if (!number.ok) problems.push(cells.mobile ? `mobile "${cells.mobile}": ${number.message}` : number.message);

  const subjectIds = new Set<number>();
  for (const name of splitNames(cells.subjects)) {
    const found = subjectsByName.get(key(name)) ?? [];
    if (hasLostLetters(name)) lostLetters.push(`subject "${name}"`);
    else if (found.length === 1) subjectIds.add(found[0]!.id);
    else problems.push(found.length ? `subject "${name}" names several subjects` : `there is no subject "${name}"`);
  }
  const batchIds = new Set<number>();
  for (const name of splitNames(cells.batches)) {
    const found = batchesByName.get(key(name)) ?? [];
    // A batch name used in two subjects is read as the one in a subject the line names.
    const chosen = found.length > 1 ? found.filter((b) => subjectIds.has(b.subject_id)) : found;
    if (hasLostLetters(name)) lostLetters.push(`batch "${name}"`);
    else if (chosen.length === 1) {
      batchIds.add(chosen[0]!.id);
      subjectIds.add(chosen[0]!.subject_id); // a batch's classes are reached through its subject
    } else
      problems.push(
        found.length
          ? `batch "${name}" is in several subjects: name its subject in the subjects column`
          : `there is no batch "${name}"`,
      );
  }
  if (lostLetters.length)
    problems.push(
      `${lostLetters.join(', ')} ${lostLetters.length === 1 ? 'has' : 'have'} question marks where letters should be. ${SAVE_AS_UTF8}`,
    );
  return {
    read: {
      line: csvLine.line,
      ...(number.ok ? { number: { callingCode: number.callingCode, national: number.national } } : {}),
      fields,
      subjectIds: [...subjectIds],
      batchIds: [...batchIds],
    },
    problems,
  };
}

/**
 * Excel's "CSV (Comma delimited)" writes every letter it cannot put in the Windows code page (all of Devanagari) as
 * "?", so a pure-ASCII file passes the encoding check with "????? ?????" for a name. No name, place, level, subject or
 * batch holds a "?", so one is read as letters lost in saving, and the line is refused rather than stored.
 */
const hasLostLetters = (value: string) => value.includes('?');

export const SAVE_AS_UTF8 =
  'The sheet was saved as "CSV (Comma delimited)", which turns Hindi and other non-English letters into "?". ' +
  'In Excel choose File > Save As, pick "CSV UTF-8 (Comma delimited) (*.csv)" under "Save as type", save, and upload that file. ' +
  'Nothing of this line is stored.';

function describeChanges(stored: StudentRecord, change: Omit<StudentChange, 'existing'>): string[] {
  const changed: string[] = TEXT_FIELDS.filter((f) => change.fields[f] !== undefined && change.fields[f] !== stored[f]);
  if (change.subjectIds.some((id) => !stored.subject_ids.includes(id))) changed.push('subjects');
  if (change.batchIds.some((id) => !stored.batch_ids.includes(id))) changed.push('batches');
  return changed;
}

function groupByName<T extends { name: string }>(items: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item.name), [...(map.get(key(item.name)) ?? []), item]);
  return map;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A problem as a sentence of its own: capitalised, with a full stop. */
const sentence = (problem: string) => capitalise(/[.!?]$/.test(problem) ? problem : `${problem}.`);
