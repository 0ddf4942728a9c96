import type { FastifyInstance } from 'fastify';
import {
  addLiveClasses,
  deleteBatch,
  deleteLiveClass,
  listSchedule as listCall,
  saveBatch,
  saveLiveClass,
} from '@portal/contract/console';
import { recordAudit } from '../../audit/record-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { countClasses, findBatch, findClass, insertClasses, listSchedule, updateClass } from './schedule-repository.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such item (it may have been deleted).`);

/** Staff keep each subject's batches and live classes (docs/features/course-authoring.md); every change is audited. */
export async function scheduleConsoleRoutes(app: FastifyInstance) {
  const db = app.db;
  const zone = app.config.INSTITUTE_TIMEZONE;

  defineConsoleRoute(app, listCall, async ({ body }) => {
    const [subject] = await db.query(`SELECT 1 FROM subjects WHERE id = $1`, [body.subject_id]);
    if (!subject) throw missing('subject_id');
    return {
      status: true,
      message: 'Schedule',
      data: { time_zone: zone, batches: await listSchedule(db, body.subject_id, zone) },
    };
  });

  defineConsoleRoute(app, saveBatch, async ({ body, staff }) => {
    const saved = await db.transaction(async (tx) => {
      if (body.id === undefined) {
        if (body.subject_id === undefined) throw new ApiError(400, 'subject_id: a new batch needs its subject');
        if (!(await tx.query(`SELECT 1 FROM subjects WHERE id = $1`, [body.subject_id])).length)
          throw missing('subject_id');
        const [row] = await tx.query<{ id: number; name: string }>(
          `INSERT INTO batches (subject_id, name) VALUES ($1, $2) RETURNING id, name`,
          [body.subject_id, body.name],
        );
        await recordAudit(tx, staff, {
          action: 'batch.add',
          entity: 'batch',
          entityId: row!.id,
          before: null,
          after: { subject_id: body.subject_id, name: body.name },
        });
        return row!;
      }
      const before = await findBatch(tx, body.id);
      if (!before) throw missing('id');
      await tx.query(`UPDATE batches SET name = $2 WHERE id = $1`, [body.id, body.name]);
      await recordAudit(tx, staff, {
        action: 'batch.update',
        entity: 'batch',
        entityId: body.id,
        before: { name: before.name },
        after: { name: body.name },
      });
      return { id: body.id, name: body.name };
    });
    return { status: true, message: `${saved.name} is saved.`, data: saved };
  });

  defineConsoleRoute(app, deleteBatch, async ({ body, staff }) => {
    const batch = await db.transaction(async (tx) => {
      const before = await findBatch(tx, body.id);
      if (!before) throw missing('id');
      const classes = await countClasses(tx, body.id);
      if (classes > 0)
        throw new ApiError(
          409,
          `${before.name} still has ${classes} ${classes === 1 ? 'class' : 'classes'}. Delete them first.`,
        );
      await tx.query(`DELETE FROM batches WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, { action: 'batch.delete', entity: 'batch', entityId: body.id, before, after: null });
      return before;
    });
    return { status: true, message: `${batch.name} is deleted.`, data: null };
  });

  defineConsoleRoute(app, addLiveClasses, async ({ body, staff }) => {
    const { batch_id, repeat_weeks, ...fields } = body;
    const added = await db.transaction(async (tx) => {
      if (!(await findBatch(tx, batch_id))) throw missing('batch_id');
      const rows = await insertClasses(tx, batch_id, fields, repeat_weeks, zone);
      await recordAudit(tx, staff, {
        action: 'live_class.add',
        entity: 'live_class',
        entityId: rows[0]!.id,
        before: null,
        after: { batch_id, ...fields, repeat_weeks, ids: rows.map((row) => row.id) },
      });
      return rows;
    });
    const message =
      added.length === 1
        ? `${fields.class_name} is scheduled.`
        : `${fields.class_name} is scheduled ${added.length} times, weekly.`;
    return { status: true, message, data: { added } };
  });

  defineConsoleRoute(app, saveLiveClass, async ({ body, staff }) => {
    const { id, ...fields } = body;
    const saved = await db.transaction(async (tx) => {
      const before = await findClass(tx, id, zone);
      if (!before) throw missing('id');
      const after = await updateClass(tx, id, fields, zone);
      const { batch_id: _, ...was } = before;
      await recordAudit(tx, staff, {
        action: 'live_class.update',
        entity: 'live_class',
        entityId: id,
        before: was,
        after,
      });
      return after;
    });
    return { status: true, message: `${saved.class_name} is saved.`, data: saved };
  });

  defineConsoleRoute(app, deleteLiveClass, async ({ body, staff }) => {
    const removed = await db.transaction(async (tx) => {
      const before = await findClass(tx, body.id, zone);
      if (!before) throw missing('id');
      await tx.query(`DELETE FROM live_classes WHERE id = $1`, [body.id]);
      await recordAudit(tx, staff, {
        action: 'live_class.delete',
        entity: 'live_class',
        entityId: body.id,
        before,
        after: null,
      });
      return before;
    });
    return { status: true, message: `${removed.class_name} is cancelled.`, data: null };
  });
}
