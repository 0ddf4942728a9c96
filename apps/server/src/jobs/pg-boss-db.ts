import type { Database } from '../db/database.ts';

/** What pg-boss asks of a database (its `db` option): one statement with values, or a script of its own. */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/** pg-boss's installs, migrations and maintenance are one script: `BEGIN; …; COMMIT;` in a single string. */
const SCRIPT = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/**
 * pg-boss on the project's own database layer, so its job tables live on the embedded database (PGlite) as on
 * PostgreSQL (docs/decisions/068). A statement goes to `query` as it is. A script (PGlite's extended protocol takes one
 * statement at a time) runs statement by statement in one `transaction`: the same all-or-nothing, under the same
 * advisory lock the script takes first.
 */
export function pgBossDb(db: Database): PgBossDb {
  return {
    async executeSql(text, values) {
      const script = SCRIPT.exec(text);
      if (!script?.[1]) {
        const rows = await db.query(text, values ?? []);
        return { rows, rowCount: rows.length };
      }
      const statements = splitScript(script[1]);
      const rows = await db.transaction(async (tx) => {
        let last: unknown[] = [];
        for (const statement of statements) last = await tx.query(statement);
        return last;
      });
      return { rows, rowCount: rows.length };
    },
  };
}

/**
 * Splits pg-boss's script at semicolons outside `$$` function bodies and quotes. pg-boss writes its own scripts (no
 * comments, no other dollar tags); the test of the job queue installs and migrates through this on both databases.
 */
export function splitScript(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  let inQuote = false;
  for (let i = 0; i < script.length; i++) {
    const char = script[i];
    if (!inQuote && script.startsWith('$$', i)) {
      inBody = !inBody;
      current += '$$';
      i++;
      continue;
    }
    if (!inBody && char === "'") inQuote = !inQuote;
    if (char === ';' && !inBody && !inQuote) {
      if (current.trim()) statements.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
