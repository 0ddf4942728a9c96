import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { isAbsolute, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Config } from '../config.ts';
import { recordBackup } from './record-backup.ts';
import { backup } from './write-backup.ts';

/** Where a running server says how to ask it for a backup: in DATA_DIR, readable by its owner only. */
export const localAdminFile = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'local-admin.json');

export interface LocalAdmin {
  url: string;
  token: string;
  pid: number;
}

export const LOCAL_BACKUP_PATH = '/local/backup';

const LocalBackupBody = z.object({ file: z.string().check(z.minLength(1), z.maxLength(4096)) });

/**
 * A backup through the running server, for the embedded database, which only one process may open (decision 052): the
 * command line's `backup` finds the folder held by the server and asks it here. The caller proves it may read DATA_DIR
 * (the server's own user, or root) by the token in local-admin.json, a new one each start; nobody else can call it,
 * whatever address reaches the server. One backup at a time.
 */
export function offerLocalBackup(app: FastifyInstance, config: Config) {
  const token = randomBytes(32).toString('base64url');
  let running = false;
  app.post(LOCAL_BACKUP_PATH, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .send({ status: false, message: 'Only the command line on this machine may ask for a backup.' });
    }
    const body = LocalBackupBody.safeParse(request.body);
    if (!body.success || !isAbsolute(body.data.file))
      return reply.code(400).send({ status: false, message: 'Name the archive by its absolute path.' });
    if (running)
      return reply
        .code(409)
        .send({ status: false, message: 'A backup is already being written: wait for it to finish.' });
    running = true;
    try {
      const summary = await backup(app.db, config, body.data.file);
      await recordBackup(app.db, body.data.file, summary);
      request.log.info({ file: body.data.file, tables: summary.tables.length }, 'backup written');
      return { status: true, message: 'ok', data: summary };
    } catch (error) {
      request.log.error({ err: error, file: body.data.file }, 'backup failed');
      return reply.code(500).send({
        status: false,
        message: `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      running = false;
    }
  });

  const file = localAdminFile(config);
  app.addHook('onClose', () => rm(file, { force: true }));
  return {
    /** Once listening: writes where and how to ask (127.0.0.1 when the server listens on every address). */
    async announce(address: AddressInfo | string | null) {
      if (!address || typeof address === 'string') return;
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${LOCAL_BACKUP_PATH}`;
      const admin: LocalAdmin = { url, token, pid: process.pid };
      await writeFile(file, JSON.stringify(admin), { mode: 0o600 });
      await chmod(file, 0o600);
    },
  };
}
