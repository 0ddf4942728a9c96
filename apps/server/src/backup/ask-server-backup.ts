import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { BackupSummary } from './archive-format.ts';
import { type LocalAdmin, localAdminFile } from './local-backup.ts';

/**
 * Asks the running server that holds the embedded database to write the backup (local-backup.ts). No time limit: at
 * millions of rows it takes minutes, and the server answers once the archive is complete.
 */
export async function backupThroughServer(config: Pick<Config, 'DATA_DIR'>, file: string): Promise<BackupSummary> {
  const where = localAdminFile(config);
  const admin = JSON.parse(
    await readFile(where, 'utf8').catch(() => {
      throw new Error(
        `The running server holds the embedded database but says nowhere how to ask it for a backup (${where}): restart it with this version.`,
      );
    }),
  ) as LocalAdmin;
  const body = JSON.stringify({ file: resolve(file) });
  const answer = await new Promise<{ status: boolean; message: string; data?: BackupSummary }>((done, fail) => {
    const call = request(
      admin.url,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${admin.token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            done(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            fail(error);
          }
        });
        response.on('error', fail);
      },
    );
    call.on('error', fail);
    call.end(body);
  });
  if (!answer.status || !answer.data) throw new Error(answer.message);
  return answer.data;
}
