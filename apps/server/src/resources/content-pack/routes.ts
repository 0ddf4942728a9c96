import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { commitContentPack, MAX_CONTENT_PACK_BYTES, previewContentPack } from '@portal/contract/console';
import type { Actor } from '../../audit/record-audit.ts';
import { materialsDir, mediaDir } from '../../file-folders.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { formatCounts, importPack } from './import-pack.ts';
import { PackRefused } from './read-pack.ts';
import { unzipPack, ZipProblem } from './unzip-pack.ts';

const BODY_LIMIT = Math.ceil(MAX_CONTENT_PACK_BYTES / 3) * 4 + 64 * 1024;

/** The console's content-pack import: the same importer as `import content`, fed from an uploaded zip. */
export async function contentPackRoutes(app: FastifyInstance) {
  const run = async (base64: string, actor?: Actor) => {
    let folder;
    try {
      folder = await unzipPack(new Uint8Array(Buffer.from(base64, 'base64')));
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
    report.counts ? `${done}: ${formatCounts(report.counts)}.` : `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}; nothing was stored.`;

  defineConsoleRoute(
    app,
    previewContentPack,
    async ({ body }) => {
      const report = await run(body.file);
      return { status: true, message: message(report, 'Would import'), data: report };
    },
    { bodyLimit: BODY_LIMIT },
  );

  defineConsoleRoute(
    app,
    commitContentPack,
    async ({ body, staff }) => {
      const report = await run(body.file, staff);
      return { status: true, message: message(report, 'Imported'), data: report };
    },
    { bodyLimit: BODY_LIMIT },
  );
}
