/** What the server's thread and the embedded database's thread (pglite-worker.ts) say to each other. */
export type Request = { id: number } & (
  | { op: 'ready' }
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' }
);

export type Reply = { id: number; value?: unknown; error?: WireError } | { notify: string; payload: string };

/** An error as it crosses threads: PostgreSQL's fields (code, detail, constraint…) kept, the class lost. */
export type WireError = Record<string, unknown> & { message: string };

const fields = [
  'name',
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'position',
  'where',
];

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const wire: WireError = { message: error.message };
  for (const field of fields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') wire[field] = value;
  }
  return wire;
}

export function fromWireError(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire);
}
