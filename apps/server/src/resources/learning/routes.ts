import type { FastifyInstance } from 'fastify';
import { getRecentlyWatched, getTopics, recordWatched } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { signedMediaLink } from '../../media/index.ts';
import { serverSecret } from '../../server-secret.ts';
import { notFound } from '../../http/api-error.ts';
import { listReachableTopics, requireTopic } from './topic-repository.ts';
import { listRecentlyWatched, saveProgress } from './watch-repository.ts';

export async function learningRoutes(app: FastifyInstance) {
  const key = serverSecret(app.config.AUTH_SECRET);
  // Videos on this server are handed out as signed links (media/signed-links.ts); other addresses as stored.
  // Each link is bound to the session that asked for it and the topic's subject, so it stops working with that
  // session's Logout and with the student's enrolment in the subject (docs/decisions/048).
  const withSignedVideo = <T extends { video_link: string; subject_id: number }>(session: string, rows: T[]) =>
    rows.map(({ subject_id: subjectId, ...row }) => ({
      ...row,
      video_link: signedMediaLink(row.video_link, key, { session, subjectId }),
    }));

  defineRoute(app, getTopics, async ({ body, studentId, tokenHash }) => {
    const topics = await listReachableTopics(app.db, studentId, body.chapter_id);
    if (!topics) throw notFound('That chapter');
    return { status: true, message: 'Topics', data: withSignedVideo(tokenHash, topics) };
  });

  defineRoute(app, getRecentlyWatched, async ({ studentId, tokenHash }) => ({
    status: true,
    message: 'Recently watched',
    data: { data: withSignedVideo(tokenHash, await listRecentlyWatched(app.db, studentId)) },
  }));

  defineRoute(app, recordWatched, async ({ body, studentId }) => {
    const topic = await requireTopic(app.db, studentId, body.topic_id);
    await saveProgress(app.db, studentId, topic.id, body);
    return { status: true, message: 'Progress saved', data: null };
  });
}
