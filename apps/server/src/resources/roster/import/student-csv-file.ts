import { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { turnTaker } from './take-turns.ts';

/** The columns of a student CSV, in the order export writes them; only name and mobile are required. */
export const STUDENT_COLUMNS = ['name', 'mobile', 'guardian', 'email', 'state', 'district', 'academic_level', 'subjects', 'batches'] as const;
export type StudentColumn = (typeof STUDENT_COLUMNS)[number];

/** Far above 10,000 lines (about 1 MB); a bigger upload is refused before it is read. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export interface CsvLine {
  /** As a spreadsheet numbers rows: the header is line 1. */
  line: number;
  cells: Partial<Record<StudentColumn, string>>;
  /** More cells than the header has columns (a comma inside an unquoted value, usually). */
  extraCells: boolean;
}

export interface StudentCsv {
  columns: StudentColumn[];
  lines: CsvLine[];
}

/** A file that cannot be read at all: nothing in it is stored. */
export class CsvFileError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isColumn = (name: string): name is StudentColumn => (STUDENT_COLUMNS as readonly string[]).includes(name);

/** The text is handed to the CSV parser in pieces of this many characters, so no one step of reading it is long. */
const PIECE_CHARS = 64 * 1024;

/**
 * Reads the bytes of an uploaded file as a student CSV, or throws CsvFileError saying what is wrong with it. A large
 * file is read a piece at a time, taking turns with other requests (take-turns.ts).
 */
export async function readStudentCsv(bytes: Uint8Array): Promise<StudentCsv> {
  const text = decodeCsv(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const columns = readHeader(firstLine);
  const lines: CsvLine[] = [];
  const takeTurn = turnTaker();
  let line = 0;
  try {
    for await (const record of readRecords(text)) {
      line++;
      if (line === 1 || record.every((cell) => !cell.trim())) continue; // the header; blank rows are skipped, but still counted
      const cells: CsvLine['cells'] = {};
      columns.forEach((column, i) => {
        cells[column] = unescapeCell(record[i] ?? '').trim();
      });
      const extraCells = record.slice(columns.length).some((cell) => cell.trim() !== '');
      lines.push({ line, cells, extraCells });
      await takeTurn();
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    throw new CsvFileError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { columns, lines };
}

/** The records of the text, the header's included, as the parser reads them a piece at a time. */
function readRecords(text: string): AsyncIterable<string[]> {
  const pieces = function* () {
    for (let at = 0; at < text.length; at += PIECE_CHARS) yield text.slice(at, at + PIECE_CHARS);
  };
  const parser = parseStream({ relax_column_count: true, skip_empty_lines: false, bom: true });
  Readable.from(pieces()).pipe(parser);
  return parser;
}

/** The file's text, or CsvFileError when it is too large, not UTF-8, not text, or empty. */
function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new CsvFileError(`The file is ${megabytes(bytes.byteLength)}; the largest file accepted is ${megabytes(MAX_IMPORT_BYTES)}. Split it into smaller files.`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new CsvFileError('The file is saved as UTF-16 (Unicode text). Save it as "CSV UTF-8" and upload it again.');
  }
  let text: string;
  try {
    text = utf8.decode(bytes); // TextDecoder drops a UTF-8 byte-order mark, as spreadsheets write one.
  } catch {
    throw new CsvFileError('The file is not UTF-8 text (perhaps saved as Windows or Latin-1 CSV). Save it as "CSV UTF-8" and upload it again.');
  }
  if (text.includes('\u0000')) throw new CsvFileError('This is not a CSV text file. Save the sheet as "CSV UTF-8" and upload that.');
  if (!text.trim()) throw new CsvFileError('The file is empty. The first line must be the header: ' + STUDENT_COLUMNS.join(',') + '.');
  return text;
}

function readHeader(line: string): StudentColumn[] {
  const expected = `The first line must be the header: ${STUDENT_COLUMNS.join(',')} (only name and mobile are required).`;
  const names = parseHeaderCells(line).map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  if (!line.includes(',') && (line.includes(';') || line.includes('\t'))) {
    const separator = line.includes(';') ? 'semicolons' : 'tabs';
    throw new CsvFileError(
      `The columns are separated by ${separator}, not commas (a spreadsheet set to another region saves CSV this way). Save it as "CSV UTF-8 (comma delimited)" and upload it again.`,
    );
  }
  if (!names.includes('name') && !names.includes('mobile')) throw new CsvFileError(`There is no header line. ${expected}`);
  const unknown = names.filter((name) => !isColumn(name));
  if (unknown.length) {
    throw new CsvFileError(`Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n || '(empty)'}"`).join(', ')} in the header. ${expected}`);
  }
  const columns = names.filter(isColumn);
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated) throw new CsvFileError(`The column "${repeated}" appears twice in the header.`);
  for (const required of ['name', 'mobile'] as const) {
    if (!columns.includes(required)) throw new CsvFileError(`The header has no "${required}" column. ${expected}`);
  }
  return columns;
}

function parseHeaderCells(line: string): string[] {
  try {
    const [cells] = parse(line, { bom: true, relax_quotes: true }) as string[][];
    return cells ?? [];
  } catch {
    return line.split(',');
  }
}

/** Export writes `'+91…` so spreadsheets do not read a cell as a formula; the apostrophe is not part of the value. */
const unescapeCell = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
