import type { Database } from '../../db/database.ts';
import { underMigrationLock } from '../../db/migrate.ts';
import { nameKey } from '../../domain/name-key.ts';

const BATCH = 1000;

/**
 * Gives every student without a name key one (rows from before migration 092, or written by the version before it
 * while both served). Run at start after the migrations, 1,000 rows a transaction under the migration lock, so that
 * instances starting together do not fill the same rows; once filled, it reads one empty index.
 */
export async function fillNameKeys(db: Database): Promise<number> {
  let filled = 0;
  // Past the last row filled: the index still holds the rows filled before (until a vacuum), which each batch would
  // otherwise step over again.
  let after = 0;
  for (;;) {
    const count = await underMigrationLock(db, async (tx) => {
      const rows = await tx.query<{ id: number; name: string }>(
        `SELECT id, name FROM students WHERE name_key IS NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      after = rows.at(-1)?.id ?? after;
      if (rows.length) {
        await tx.query(
          `UPDATE students s SET name_key = u.name_key::tsvector FROM unnest($1::int[], $2::text[]) AS u(id, name_key) WHERE s.id = u.id`,
          [rows.map((r) => r.id), rows.map((r) => nameKey(r.name))],
        );
      }
      return rows.length;
    });
    filled += count;
    if (count < BATCH) return filled;
  }
}
