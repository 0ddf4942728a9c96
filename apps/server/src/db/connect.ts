import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export async function connect(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  await mkdir(config.DATA_DIR, { recursive: true });
  return openPglite(`${config.DATA_DIR}/pglite`);
}
