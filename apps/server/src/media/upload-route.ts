import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MEDIA_UPLOAD, type MediaKind, mediaKinds, type MediaUploadAnswer } from '@portal/contract/console';
import { recordAudit } from '../audit/record-audit.ts';
import { materialsDir, mediaDir } from './folders.ts';
import { ApiError } from '../http/api-error.ts';
import { staffOnly, staffWithRole } from '../http/staff-only.ts';
import { megabytes } from './file-kinds.ts';
import { rememberOriginalName } from './upload-repository.ts';
import { sanitiseOriginalName } from './original-name.ts';
import { storeUpload, UploadProblem } from './store-upload.ts';
import { queueEncoding } from './encoding-jobs.ts';

/** The longest `name` query accepted before sanitising (a file name, not a document). */
const MAX_RAW_NAME = 1000;

/** Uploaded pictures and videos live here under media/ (pictures public, videos through signed links). */
export const UPLOADS_FOLDER = 'uploads';
/** Uploaded PDFs live in the materials folder under this prefix, served only to enrolled students. */
export const UPLOADED_PDF_PREFIX = 'upload-';

/**
 * The console's file upload: the bytes are the body, streamed to disk and checked on the way (docs/features/course-authoring.md).
 * Staff are checked before a byte is read, and again once the file has arrived (an upload takes minutes; its author may
 * have been deactivated meanwhile); a declared length over the cap is refused before the body is read too.
 */
export async function mediaRoutes(app: FastifyInstance) {
  // Only in this plugin's scope: the body stays a stream for the handler to check and store.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  const caps: Record<MediaKind, number> = {
    picture: app.config.MAX_PICTURE_MB * 1024 * 1024,
    video: app.config.MAX_VIDEO_MB * 1024 * 1024,
    pdf: app.config.MAX_PDF_MB * 1024 * 1024,
  };

  app.post<{ Querystring: { kind?: string; name?: unknown } }>(
    MEDIA_UPLOAD.path,
    { onRequest: staffOnly(app, MEDIA_UPLOAD.roles) },
    async (request, reply) => {
      const kind = request.query.kind as MediaKind;
      // Refused before its body is read: the connection is closed rather than left to send the rest.
      const unread = { Connection: 'close' };
      if (!mediaKinds.includes(kind)) throw new ApiError(400, `kind: must be one of ${mediaKinds.join(', ')}`, unread);
      const rawName = request.query.name;
      if (rawName !== undefined && (typeof rawName !== 'string' || rawName.length > MAX_RAW_NAME)) {
        throw new ApiError(400, `name: must be the file's name, at most ${MAX_RAW_NAME} characters`, unread);
      }
      const originalName = sanitiseOriginalName(rawName);
      if (!request.headers['content-type']?.startsWith('application/octet-stream')) {
        throw new ApiError(
          415,
          'Send the file itself as the body, with Content-Type: application/octet-stream.',
          unread,
        );
      }
      const declared = Number(request.headers['content-length']);
      if (declared > caps[kind])
        throw new ApiError(
          413,
          `The file is ${megabytes(declared)} MB, larger than ${megabytes(caps[kind])} MB, the largest ${kind} accepted.`,
          unread,
        );

      const pdf = kind === 'pdf';
      const folder = pdf ? materialsDir(app.config) : join(mediaDir(app.config), UPLOADS_FOLDER);
      let stored;
      try {
        stored = await storeUpload(
          request.body as NodeJS.ReadableStream,
          folder,
          kind,
          caps[kind],
          pdf ? UPLOADED_PDF_PREFIX : '',
        );
      } catch (error) {
        if (error instanceof UploadProblem) {
          // The rest of a refused body is not read: close the connection rather than wait for it.
          void reply.header('Connection', 'close');
          throw new ApiError(error.status, error.message);
        }
        throw error;
      }
      const staff = await staffWithRole(app, request, MEDIA_UPLOAD.roles).catch(async (error: unknown) => {
        if (stored.created) await rm(join(folder, stored.name), { force: true });
        throw error;
      });
      const answer: MediaUploadAnswer['data'] = {
        kind,
        address: pdf ? stored.name : `/media/${UPLOADS_FOLDER}/${stored.name}`,
        bytes: stored.bytes,
        password_protected: stored.passwordProtected,
        original_name: originalName ?? null,
      };
      if (originalName) await rememberOriginalName(app.db, answer.address, originalName);
      await recordAudit(app.db, staff, {
        action: 'media.upload',
        entity: 'media',
        entityId: answer.address,
        before: null,
        after: answer,
      });
      // Encoded into its ladder in the background while staff fill in the topic (docs/decisions/074).
      if (kind === 'video' && (await queueEncoding(app.db, answer.address))) app.encoder.kick();
      const message = answer.password_protected
        ? 'Uploaded. This PDF asks for a password; students will be asked for it.'
        : 'Uploaded.';
      return { status: true, message, data: answer } satisfies MediaUploadAnswer;
    },
  );
}
