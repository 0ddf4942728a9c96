import type { FastifyInstance } from 'fastify';
import { deleteNews, listManagedNews as listCall, publishNews, saveNews } from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import {
  findManagedNews,
  insertNews,
  listManagedNews,
  setPublished,
  softDeleteNews,
  updateNews,
} from './managed-news-repository.ts';
import { sanitizeNewsBody, sanitizeNewsHeading } from '../../domain/sanitize-news.ts';
import { every } from '../../timers/every.ts';
import { announceDueNews, requestNewsNotice } from './news-notices.ts';

/** How often the server looks for scheduled news to announce whose time has come. */
const NOTICE_TICK_MS = 60_000;

const missing = () => new ApiError(404, 'id: there is no such news item (it may have been deleted).');

/** Staff write, publish, schedule, take back and delete news; every change is in the audit log. */
export async function newsConsoleRoutes(app: FastifyInstance) {
  const notices = every(app, 'news notices', NOTICE_TICK_MS, () =>
    announceDueNews({ db: app.db, push: app.push, now: app.now() }),
  );

  defineConsoleRoute(app, listCall, async () => ({
    status: true,
    message: 'News',
    data: { items: await listManagedNews(app.db) },
  }));

  defineConsoleRoute(app, saveNews, async ({ body, staff }) => {
    const heading = sanitizeNewsHeading(body.heading);
    if (!heading) throw new ApiError(400, 'heading: nothing is left of it once markup is removed.');
    const fields = { heading, body: sanitizeNewsBody(body.body), image: body.image };
    const saved = await saveAndAudit(app.db, staff, async (tx) => {
      if (body.id === undefined) {
        const added = await insertNews(tx, fields);
        return {
          answer: added,
          audit: { action: 'news.add', entity: 'news', entityId: added.id, before: null, after: added },
        };
      }
      const before = await findManagedNews(tx, body.id);
      if (!before) throw missing();
      const after = await updateNews(tx, body.id, fields);
      return { answer: after, audit: { action: 'news.update', entity: 'news', entityId: after.id, before, after } };
    });
    return { status: true, message: body.id === undefined ? 'The draft is saved.' : 'The item is saved.', data: saved };
  });

  defineConsoleRoute(app, publishNews, async ({ body, staff }) => {
    const changed = await saveAndAudit(app.db, staff, async (tx) => {
      const before = await findManagedNews(tx, body.id);
      if (!before) throw missing();
      const after = await setPublished(tx, body.id, body.at === undefined ? 'now' : body.at);
      const action =
        after.status === 'draft' ? 'news.unpublish' : after.status === 'scheduled' ? 'news.schedule' : 'news.publish';
      const notify = body.notify === true && after.status !== 'draft';
      if (notify) await requestNewsNotice(tx, body.id);
      return {
        answer: after,
        audit: {
          action,
          entity: 'news',
          entityId: body.id,
          before: { published_at: before.published_at },
          after: { published_at: after.published_at, ...(notify ? { notify: true } : {}) },
        },
      };
    });
    // Published now: announced at once, not at the next turn.
    if (body.notify && changed.status === 'published') notices.nudge();
    const message =
      changed.status === 'draft'
        ? 'Students no longer see it.'
        : changed.status === 'scheduled'
          ? 'Students will see it at its time.'
          : 'Students see it now.';
    return { status: true, message, data: changed };
  });

  defineConsoleRoute(app, deleteNews, async ({ body, staff }) => {
    await saveAndAudit(app.db, staff, async (tx) => {
      const before = await findManagedNews(tx, body.id);
      if (!before) throw missing();
      await softDeleteNews(tx, body.id);
      return { answer: null, audit: { action: 'news.delete', entity: 'news', entityId: body.id, before, after: null } };
    });
    return { status: true, message: 'The item is deleted.', data: null };
  });
}
