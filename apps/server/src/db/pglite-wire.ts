import { types } from '@electric-sql/pglite';

type Parse = (text: string, type: number) => unknown;

/** A column of a prepared statement's rows: its name, and what turns its text into a value. */
export interface Column {
  name: string;
  type: number;
  parse?: Parse;
}

/** The columns a statement's row description names, with PGlite's parser for each type (its own, then the defaults). */
export function columnsOf(
  fields: readonly { name: string; dataTypeID: number }[],
  parsers: Record<number, Parse>,
): Column[] {
  const defaults = types.parsers as Record<number, Parse>;
  return fields.map(({ name, dataTypeID }) => ({
    name,
    type: dataTypeID,
    parse: parsers[dataTypeID] ?? defaults[dataTypeID],
  }));
}

const DATA_ROW = 0x44; // D
// Bind complete, command complete, no data, empty query, portal suspended, notice, ready for query: nothing to return.
const QUIET = new Set([0x32, 0x43, 0x6e, 0x49, 0x73, 0x4e, 0x5a]);

/**
 * The rows of PostgreSQL's answer to bind-execute-sync, read straight from its messages. PGlite's own reader makes an
 * object of every message and copies every value into a buffer of its own before decoding it; with it, reading an
 * answer took about a third of the embedded database's thread under read load (docs/decisions/031). Undefined when
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

/**
 * Bind (values and results as text), execute and sync for a prepared statement, in one buffer sized once: the bytes
 * PGlite's serialiser writes for the three, which took a tenth of the database thread's time under read load.
 */
export function bindExecuteSync(statement: string, values: readonly (string | null)[]): Uint8Array {
  let valueBytes = 0;
  for (const value of values) valueBytes += 4 + (value === null ? 0 : Buffer.byteLength(value));
  // Length, unnamed portal, statement name, no format codes, the values, no result format codes.
  const bindLength = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + valueBytes + 2;
  const out = Buffer.allocUnsafe(1 + bindLength + EXECUTE_SYNC.length);
  let at = out.writeUInt8(0x42, 0); // B
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at);
  at += out.write(statement, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at);
  at = out.writeInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    const length = out.write(value, at + 4);
    out.writeInt32BE(length, at);
    at += 4 + length;
  }
  at = out.writeInt16BE(0, at);
  EXECUTE_SYNC.copy(out, at);
  return out;
}

// Execute the unnamed portal, all its rows; then sync.
const EXECUTE_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);
