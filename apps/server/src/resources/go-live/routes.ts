import type { FastifyInstance } from 'fastify';
import { getGoLive } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { goLiveItems } from './go-live-state.ts';

/** Admins see on the Overview what is left to go from the demo to their own portal. */
export async function goLiveRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, getGoLive, async () => ({
    status: true,
    message: 'Going live',
    data: { items: await goLiveItems(app.db, app.config) },
  }));
}
