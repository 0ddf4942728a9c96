import type { FastifyInstance } from 'fastify';
import { getDownloadKey, getTopicDownload } from '@portal/contract/downloads';
import { defineRoute } from '../../http/define-route.ts';
import { materialsDir, mediaDir, signedMediaLink } from '../../media/index.ts';
import { serverSecret } from '../../server-secret.ts';
import { downloadKeyOf } from './download-key.ts';
import { topicDownloadChoices } from './download-choices.ts';

/** Download for later (docs/decisions/077): the student's key, and what a topic offers to download. */
export async function downloadRoutes(app: FastifyInstance) {
  const secret = serverSecret(app.config.AUTH_SECRET);
  const folders = {
    mediaRoot: mediaDir(app.config),
    materialsRoot: materialsDir(app.config),
    apiBase: app.config.API_BASE,
  };

  defineRoute(app, getDownloadKey, async ({ studentId, reply }) => {
    // A key is not for any cache: only this answer, to this session.
    void reply.header('Cache-Control', 'no-store');
    return { status: true, message: 'Download key', data: await downloadKeyOf(app.db, secret, studentId) };
  });

  defineRoute(app, getTopicDownload, async ({ body, studentId, tokenHash }) => ({
    status: true,
    message: 'Topic download',
    data: await topicDownloadChoices(app.db, studentId, body.topic_id, folders, (address, subjectId) =>
      signedMediaLink(address, secret, { session: tokenHash, subjectId }),
    ),
  }));
}
