import { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { STUDENT_COLUMNS, type StudentColumn } from './student-columns.ts';
import { headingsOf, readHeading } from './student-csv-headings.ts';
import { turnTaker } from './take-turns.ts';

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
  /** The columns understood, in the file's order. */
  columns: StudentColumn[];
  /** The headings of columns that are not imported, as written (a serial-number column is not among them). */
  ignoredColumns: string[];
  lines: CsvLine[];
}

/** A file that cannot be read at all: nothing in it is stored. */
export class CsvFileError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text is handed to the CSV parser in pieces of this many characters, so no one step of reading it is long. */
const PIECE_CHARS = 64 * 1024;

/**
 * Reads the bytes of an uploaded file as a student CSV, or throws CsvFileError saying what is wrong with it. A large
 * file is read a piece at a time, taking turns with other requests (take-turns.ts).
 */
export async function readStudentCsv(bytes: Uint8Array): Promise<StudentCsv> {
  const text = decodeCsv(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const header = readHeader(firstLine);
  const lines: CsvLine[] = [];
  const takeTurn = turnTaker();
  let line = 0;
  try {
    for await (const record of readRecords(text)) {
      line++;
      if (line === 1 || record.every((cell) => !cell.trim())) continue; // the header; blank rows are skipped, but still counted
      const cells: CsvLine['cells'] = {};
      header.read.forEach((column, i) => {
        if (column) cells[column] = unescapeCell(record[i] ?? '').trim();
      });
      const extraCells = record.slice(header.read.length).some((cell) => cell.trim() !== '');
      lines.push({ line, cells, extraCells });
      await takeTurn();
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    throw new CsvFileError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { columns: header.read.filter((c) => c !== undefined), ignoredColumns: header.ignored, lines };
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
    throw new CsvFileError(
      `The file is ${megabytes(bytes.byteLength)}; the largest file accepted is ${megabytes(MAX_IMPORT_BYTES)}. Split it into smaller files.`,
    );
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new CsvFileError('The file is saved as UTF-16 (Unicode text). Save it as "CSV UTF-8" and upload it again.');
  }
  let text: string;
  try {
    text = utf8.decode(bytes); // TextDecoder drops a UTF-8 byte-order mark, as spreadsheets write one.
  } catch {
    throw new CsvFileError(
      'The file is not UTF-8 text (perhaps saved as Windows or Latin-1 CSV). Save it as "CSV UTF-8" and upload it again.',
    );
  }
  if (text.includes('\u0000'))
    throw new CsvFileError('This is not a CSV text file. Save the sheet as "CSV UTF-8" and upload that.');
  if (!text.trim())
    throw new CsvFileError('The file is empty. The first line must be the header: ' + STUDENT_COLUMNS.join(',') + '.');
  return text;
}

const names = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

/**
 * The column each cell of the header is read as (undefined: not imported), and the headings not imported. Headings
 * are understood by their common names (student-csv-headings.ts); a column nobody understands is skipped and named.
 */
function readHeader(line: string): { read: (StudentColumn | undefined)[]; ignored: string[] } {
  const expected = `Name the columns in the first line, e.g. ${STUDENT_COLUMNS.join(',')} (only name and mobile are required), or download the template from the import page.`;
  if (!line.includes(',') && (line.includes(';') || line.includes('\t'))) {
    const separator = line.includes(';') ? 'semicolons' : 'tabs';
    throw new CsvFileError(
      `The columns are separated by ${separator}, not commas (a spreadsheet set to another region saves CSV this way). Save it as "CSV UTF-8 (comma delimited)" and upload it again.`,
    );
  }
  const headings = parseHeaderCells(line).map((cell) => cell.trim());
  const understood = headings.map(readHeading);
  const read = understood.map((column) => (column === 'serial' ? undefined : column));
  const ignored = headings.filter((heading, i) => heading && !understood[i]);
  if (!read.some((column) => column === 'name' || column === 'mobile')) {
    if (headings.some(looksLikeData))
      throw new CsvFileError(`There is no header line: the first line holds a student. ${expected}`);
    throw new CsvFileError(
      `No heading of the first line is understood: ${names(ignored.length ? ignored : headings)}. ${expected}`,
    );
  }
  for (const [i, column] of read.entries()) {
    const again = column ? read.indexOf(column, i + 1) : -1;
    if (column && again !== -1) {
      throw new CsvFileError(
        headings[i] === headings[again]
          ? `The column "${headings[i]}" appears twice in the header.`
          : `The columns "${headings[i]}" and "${headings[again]}" are both read as ${column}: keep one, or rename the other.`,
      );
    }
  }
  for (const required of ['name', 'mobile'] as const) {
    if (!read.includes(required)) {
      const others = ignored.length ? ` Headings not understood: ${names(ignored)}.` : '';
      throw new CsvFileError(
        `The header has no "${required}" column (understood as ${names(headingsOf(required))}, and others).${others} ${expected}`,
      );
    }
  }
  return { read, ignored };
}

/** A cell of a student rather than a heading: a phone number (seven digits or more) or an email address. */
const looksLikeData = (cell: string) => /(\d\D?){7}/.test(cell) || /@/.test(cell);

function parseHeaderCells(line: string): string[] {
  try {
    const [cells] = parse(line, { bom: true, relax_quotes: true }) as string[][];
    return cells ?? [];
  } catch {
    return line.split(',');
  }
}

/** Export puts `'` before a cell a spreadsheet would run as a formula (older exports before every number, `'+91…`); it is not part of the value. */
const unescapeCell = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
