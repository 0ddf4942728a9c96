import { canonicalMobile, formatMobile, type CountryCode } from '@portal/contract/phone';
import type { Queryable } from '../../../db/database.ts';
import { findStudentsByNumbers, listSubjectsAndBatches, type NamedBatch, type NamedSubject, type StudentRecord } from '../roster-repository.ts';
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
  /** The reason of an error, or what an update changes (`guardian, subjects`). */
  message: string;
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
  lines: PlannedLine[];
  changes: StudentChange[];
  counts: Record<LineStatus, number>;
}

const splitNames = (cell: string | undefined) => (cell ?? '').split(';').map((n) => n.trim()).filter(Boolean);
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
    const planned: PlannedLine = { line: csvLine.line, status: 'error', name: csvLine.cells.name ?? '', mobile: csvLine.cells.mobile ?? '', message: '' };
    lines.push(planned);
    const read = readLine(csvLine, defaultCountry, subjectsByName, batchesByName);
    if (typeof read === 'string') {
      planned.message = read;
      continue;
    }
    planned.mobile = formatMobile(`+${read.callingCode}${read.national}`);
    const number = read.callingCode + read.national;
    const earlier = firstLineOfNumber.get(number);
    if (earlier !== undefined) {
      planned.message = `The same mobile number as line ${earlier}.`;
      continue;
    }
    firstLineOfNumber.set(number, csvLine.line);
    candidates.push({ ...read, existing: undefined, written: planned });
  }

  const existing = new Map<string, StudentRecord>();
  for (const batch of batchesOf(candidates)) {
    for (const student of await findStudentsByNumbers(db, batch)) existing.set(student.phone_code + student.mobile, student);
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
  return { lines, changes, counts };
}

function readLine(
  csvLine: CsvLine,
  defaultCountry: CountryCode,
  subjectsByName: Map<string, NamedSubject[]>,
  batchesByName: Map<string, NamedBatch[]>,
): Omit<StudentChange, 'existing'> | string {
  const { cells } = csvLine;
  if (csvLine.extraCells) return 'This line has more cells than the header has columns: put quotes around a value that contains a comma.';
  const problems: string[] = [];
  const fields: StudentChange['fields'] = {};
  for (const field of TEXT_FIELDS) {
    const value = cells[field] ?? '';
    const problem = checkTextField(field, value);
    if (problem) problems.push(problem);
    else if (value) fields[field] = value;
  }
  const number = cells.mobile ? canonicalMobile(cells.mobile, { defaultCountry }) : { ok: false as const, message: 'mobile is required' };
  if (!number.ok) problems.push(cells.mobile ? `mobile "${cells.mobile}": ${number.message}` : number.message);

  const subjectIds = new Set<number>();
  for (const name of splitNames(cells.subjects)) {
    const found = subjectsByName.get(key(name)) ?? [];
    if (found.length === 1) subjectIds.add(found[0]!.id);
    else problems.push(found.length ? `subject "${name}" names several subjects` : `there is no subject "${name}"`);
  }
  const batchIds = new Set<number>();
  for (const name of splitNames(cells.batches)) {
    const found = batchesByName.get(key(name)) ?? [];
    // A batch name used in two subjects is read as the one in a subject the line names.
    const chosen = found.length > 1 ? found.filter((b) => subjectIds.has(b.subject_id)) : found;
    if (chosen.length === 1) {
      batchIds.add(chosen[0]!.id);
      subjectIds.add(chosen[0]!.subject_id); // a batch's classes are reached through its subject
    } else problems.push(found.length ? `batch "${name}" is in several subjects: name its subject in the subjects column` : `there is no batch "${name}"`);
  }
  // Each problem without its own full stop (the number's reason has one): one at the end of the line's message.
  if (problems.length || !number.ok) return `${capitalise(problems.map((problem) => problem.replace(/\.$/, '')).join('; '))}.`;
  return { line: csvLine.line, callingCode: number.callingCode, national: number.national, fields, subjectIds: [...subjectIds], batchIds: [...batchIds] };
}

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
