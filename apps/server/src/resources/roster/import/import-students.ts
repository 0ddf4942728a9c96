import { MAX_IMPORT_FILE_BYTES } from '@portal/contract/console';
import type { CountryCode } from '@portal/contract/phone';
import type { Actor } from '../../../audit/record-audit.ts';
import type { Database } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { applyImport, type ImportResult } from './apply-import.ts';
import { planImport, type ImportPlan } from './plan-import.ts';
import { CsvFileError, readStudentCsv } from './student-csv-file.ts';

/** A base64 file of the largest size, in JSON, with room to spare; a bigger request is refused unread (413). */
export const IMPORT_BODY_LIMIT = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4 + 64 * 1024;

/**
 * The one importer, for the console and the command line: reads the file, plans every line against the
 * database and, when asked to commit (by whom), applies the valid lines in one transaction. A file that
 * cannot be read stores nothing (400 with what is wrong).
 */
export async function importStudents(
  db: Database,
  bytes: Uint8Array,
  options: { defaultCountry: CountryCode; commit?: Actor },
): Promise<{ plan: ImportPlan; applied?: ImportResult }> {
  let csv;
  try {
    csv = await readStudentCsv(bytes);
  } catch (error) {
    if (error instanceof CsvFileError) throw new ApiError(400, `file: ${error.message}`);
    throw error;
  }
  const actor = options.commit;
  if (!actor) return { plan: await planImport(db, csv, options.defaultCountry) };
  return db.transaction(async (tx) => {
    // Two imports at once would each plan without the other's new students: one waits for the other.
    await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
    const plan = await planImport(tx, csv, options.defaultCountry);
    return { plan, applied: await applyImport(tx, plan, actor) };
  });
}
