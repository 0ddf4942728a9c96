import { types } from '@electric-sql/pglite';

type Parse = (text: string, type: number) => unknown;

/** A column of a prepared statement's rows: its name, and what turns its text into a value. */
export interface Column {
  name: string;
  type: number;
  parse?: Parse;
}

/** The columns a statement's row description names, with PGlite's parser for each type (its own, then the defaults). */
export function columnsOf(fields: readonly { name: string; dataTypeID: number }[], parsers: Record<number, Parse>): Column[] {
  const defaults = types.parsers as Record<number, Parse>;
  return fields.map(({ name, dataTypeID }) => ({ name, type: dataTypeID, parse: parsers[dataTypeID] ?? defaults[dataTypeID] }));
}

const DATA_ROW = 0x44; // D
// Bind complete, command complete, no data, empty query, portal suspended, notice, ready for query: nothing to return.
const QUIET = new Set([0x32, 0x43, 0x6e, 0x49, 0x73, 0x4e, 0x5a]);

/**
 * The rows of PostgreSQL's answer to bind-execute-sync, read straight from its messages. PGlite's own reader makes an
 * object of every message and copies every value into a buffer of its own before decoding it; with it, reading an
 * answer took about a third of the embedded database's thread under read load (docs/decisions/030). Undefined when
 * the answer holds anything else (an error, a notification): PGlite's reader takes those.
 */
export function readRows(answer: Uint8Array, columns: readonly Column[]): Record<string, unknown>[] | undefined {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: Record<string, unknown>[] = [];
  for (let at = 0; at < bytes.length; at += 1 + bytes.readInt32BE(at + 1)) {
    const kind = bytes[at]!;
    if (kind !== DATA_ROW) {
      if (!QUIET.has(kind)) return undefined;
      continue;
    }
    const count = bytes.readInt16BE(at + 5);
    if (count !== columns.length) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0, field = at + 7; i < count; i++) {
      const length = bytes.readInt32BE(field);
      field += 4;
      const column = columns[i]!;
      if (length < 0) {
        row[column.name] = null;
        continue;
      }
      const text = bytes.toString('utf8', field, field + length);
      field += length;
      row[column.name] = column.parse ? column.parse(text, column.type) : text;
    }
    rows.push(row);
  }
  return rows;
}
