import type { FastifyInstance } from 'fastify';
import { getNewsEvents, getNewsItem } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { findNews, listNews } from './news-repository.ts';

export async function newsRoutes(app: FastifyInstance) {
  defineRoute(app, getNewsEvents, async () => ({
    status: true,
    message: 'News and events',
    data: await listNews(app.db),
  }));

  defineRoute(app, getNewsItem, async ({ body }) => ({
    status: true,
    message: 'News and events',
    data: await findNews(app.db, body.id),
  }));
}
