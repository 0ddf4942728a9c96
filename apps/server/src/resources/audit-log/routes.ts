import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { auditPage } from './audit-log-repository.ts';

/** Admins read the audit log that every staff change writes (audit/record-audit.ts); nobody changes it. */
export async function auditLogRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listAuditLog, async ({ body }) => {
    const page = await auditPage(app.db, {
      staffId: body.staff_id,
      action: body.action,
      entity: body.entity,
      entityId: body.entity_id,
      from: body.from,
      to: body.to,
      timeZone: app.config.INSTITUTE_TIMEZONE,
      after: body.after,
      limit: body.limit,
    });
    return { status: true, message: 'Audit log', data: page };
  });
}
