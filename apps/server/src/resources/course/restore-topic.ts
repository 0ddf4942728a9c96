import type { FastifyInstance } from 'fastify';
import { listDeletedTopics as listCall, restoreTopic } from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { listDeletedTopics, unhideTopic } from './deleted-topic-repository.ts';

/** The "Deleted items" of the console: topics hidden by "Delete", and bringing one back (audited). */
export function deletedTopicRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listCall, async () => ({
    status: true,
    message: 'Deleted topics',
    data: { items: await listDeletedTopics(app.db) },
  }));

  defineConsoleRoute(app, restoreTopic, async ({ body, staff }) => {
    const name = await saveAndAudit(app.db, staff, async (tx) => {
      const restored = await unhideTopic(tx, body.id);
      if (!restored)
        throw new ApiError(404, 'id: there is no deleted topic with this id (it may be restored already).', {
          code: 'not_found',
          field: 'id',
        });
      return {
        answer: restored.name,
        audit: {
          action: 'topic.restore',
          entity: 'topic',
          entityId: body.id,
          before: { name: restored.name, hidden: true },
          after: { name: restored.name, hidden: false },
        },
      };
    });
    return { status: true, message: `${name} is back in its chapter.`, data: null };
  });
}
