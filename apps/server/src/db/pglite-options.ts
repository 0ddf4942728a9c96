/**
 * A 16 MB buffer pool instead of PostgreSQL's 128 MB: a student's calls read a few pages each and the operating
 * system caches the files anyway, while the pool is memory the server holds from the start (docs/decisions/030).
 * Relaxed durability only stops each query from waiting on the file system's sync, which is a no-op for files on
 * disk in Node; every write still reaches the files as before.
 */
export const pgliteOptions = { relaxedDurability: true, postgresqlconf: ['shared_buffers=16MB'] };

/** The switches of the embedded database's fast paths (PGLITE_FILE_SIZES, PGLITE_WIRE; docs/decisions/062). */
export interface PgliteSwitches {
  fileSizes: boolean;
  wire: boolean;
}
export const allOn: PgliteSwitches = { fileSizes: true, wire: true };
