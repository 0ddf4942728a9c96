import { readFile, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  commitContentPack,
  CONTENT_PACK_TYPES,
  MAX_CONTENT_PACK_BYTES,
  previewContentPack,
} from '@portal/contract/console';
import type { Actor } from '../../audit/record-audit.ts';
import { materialsDir, mediaDir } from '../../media/index.ts';
import { ApiError } from '../../http/api-error.ts';
import { staffOnly, staffWithRole } from '../../http/staff-only.ts';
import { formatCounts, importPack } from './import-pack.ts';
import { PackRefused } from './read-pack.ts';
import { PackUploadProblem, receivePack, tooLarge } from './receive-pack.ts';
import { unzipPack, ZipProblem } from './unzip-pack.ts';

/**
 * The console's content-pack import: the same importer as `import content`, fed from an uploaded zip. The zip is the
 * body itself (not base64 in JSON), streamed to a temporary file: parsing, checking and decoding 67 MB of base64 held
 * the server's thread for seconds (docs/decisions/049, "Content packs"). Staff are checked before a byte is read, and
 * again once the zip has arrived (an upload takes minutes; its author may have been deactivated meanwhile).
 */
export async function contentPackRoutes(app: FastifyInstance) {
  // Only in this plugin's scope: the body stays a stream for the handler to check and store.
  for (const type of CONTENT_PACK_TYPES)
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));

  const run = async (zipPath: string, actor?: Actor) => {
    let folder;
    try {
      folder = await unzipPack(new Uint8Array(await readFile(zipPath)));
    } catch (error) {
      if (error instanceof ZipProblem) throw new ApiError(400, `file: ${error.message}`);
      throw error;
    }
    try {
      const report = await importPack(app.db, folder, {
        mediaDir: mediaDir(app.config),
        materialsDir: materialsDir(app.config),
        timeZone: app.config.INSTITUTE_TIMEZONE,
        commit: actor !== undefined,
        actor,
      });
      return { problems: report.problems, counts: report.counts ?? null };
    } catch (error) {
      if (error instanceof PackRefused) throw new ApiError(400, `file: content.yaml: ${error.message}`);
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
  const message = (report: Awaited<ReturnType<typeof run>>, done: string) =>
    report.counts
      ? `${done}: ${formatCounts(report.counts)}.`
      : `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}; nothing was stored.`;

  for (const [endpoint, done] of [
    [previewContentPack, 'Would import'],
    [commitContentPack, 'Imported'],
  ] as const) {
    app.post(endpoint.path, { onRequest: staffOnly(app, endpoint.roles) }, async (request, reply) => {
      // Refused before its body is read: the connection is closed rather than left to send the rest.
      const unread = { Connection: 'close' };
      const type = request.headers['content-type']?.split(';')[0]?.trim();
      if (!CONTENT_PACK_TYPES.some((accepted) => accepted === type)) {
        throw new ApiError(415, 'Send the zip itself as the body, with Content-Type: application/zip.', unread);
      }
      if (Number(request.headers['content-length']) > MAX_CONTENT_PACK_BYTES)
        throw new ApiError(413, tooLarge(MAX_CONTENT_PACK_BYTES).message, unread);

      let zip;
      try {
        zip = await receivePack(request.body as NodeJS.ReadableStream, MAX_CONTENT_PACK_BYTES);
      } catch (error) {
        if (error instanceof PackUploadProblem) {
          // The rest of a refused body is not read: close the connection rather than wait for it.
          void reply.header('Connection', 'close');
          throw new ApiError(error.status, error.message);
        }
        throw error;
      }
      try {
        const staff = await staffWithRole(app, request, endpoint.roles);
        const report = await run(zip.path, endpoint === commitContentPack ? staff : undefined);
        return { status: true, message: message(report, done), data: report };
      } finally {
        await zip.remove();
      }
    });
  }
}
