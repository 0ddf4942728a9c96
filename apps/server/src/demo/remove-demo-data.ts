import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { recordAudit } from '../audit/record-audit.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { findUnreferencedFiles, materialsDir, mediaDir, removeFiles, type StoredFile } from '../media/index.ts';
import { demoMaterialsDir, demoMediaDir } from '../paths.ts';
import { revokeStaffSessions } from '../sessions/session-repository.ts';
import { type DemoData, findDemoData } from './find-demo-data.ts';

/** Why the demo cannot go yet, or null. */
export async function demoRemovalRefusal(db: Database): Promise<string | null> {
  const [own] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM staff
     WHERE role = 'admin' AND active AND id NOT IN (SELECT row_id FROM demo_rows WHERE kind = 'staff')`,
  );
  return own && own.count > 0
    ? null
    : 'Add the institute\'s own admin first (npm run portal -- staff add --name "…" --mobile … --role admin): ' +
        'without the demo admin nobody could sign in to the console.';
}

/**
 * Deletes the demo's rows and everything under them in one transaction, ends their sessions, records it, and marks the
 * demo removed so the server never seeds it again; then removes the demo's files that nothing refers to any more.
 */
export async function removeDemoData(db: Database, config: Config) {
  const removed = await db.transaction(async (tx) => {
    const { demo, deactivated } = await deleteDemoRows(tx);
    await tx.query('INSERT INTO demo_removed DEFAULT VALUES ON CONFLICT DO NOTHING');
    await recordAudit(tx, 'command line', {
      action: 'demo.remove',
      entity: 'demo',
      entityId: null,
      before: summary(demo, deactivated),
      after: null,
    });
    return demo;
  });
  const files = await removableDemoFiles(db, config);
  await removeFiles(files);
  return { removed, files };
}

/** The files `removeDemoData` would remove: found with the rows deleted in a transaction that is then rolled back. */
export async function previewDemoFiles(db: Database, config: Config): Promise<StoredFile[]> {
  let files: StoredFile[] = [];
  const rollBack = new Error('dry run');
  try {
    await db.transaction(async (tx) => {
      await deleteDemoRows(tx);
      files = await removableDemoFiles(tx, config);
      throw rollBack;
    });
  } catch (error) {
    if (error !== rollBack) throw error;
  }
  return files;
}

/**
 * Demo staff the audit log names are deactivated instead of deleted: the log keeps its authors (migration 010). The
 * students' sessions, codes, enrolments, progress and attempts go with them, and a subject's all with it (ON DELETE
 * CASCADE).
 */
async function deleteDemoRows(tx: Queryable) {
  const demo = await findDemoData(tx);
  const named = await tx.query<{ id: number }>(
    `SELECT DISTINCT staff_id AS id FROM audit_log WHERE staff_id IN (SELECT row_id FROM demo_rows WHERE kind = 'staff')`,
  );
  const deactivated = new Set(named.map((row) => row.id));
  for (const member of demo.staff) {
    if (deactivated.has(member.id)) {
      await tx.query('UPDATE staff SET active = false WHERE id = $1', [member.id]);
      await revokeStaffSessions(tx, member.id);
      await tx.query('DELETE FROM otp_challenges WHERE staff_id = $1', [member.id]);
    } else {
      await tx.query('DELETE FROM staff WHERE id = $1', [member.id]);
    }
  }
  await tx.query(`DELETE FROM students WHERE id IN (SELECT row_id FROM demo_rows WHERE kind = 'student')`);
  await tx.query(`DELETE FROM subjects WHERE id IN (SELECT row_id FROM demo_rows WHERE kind = 'subject')`);
  await tx.query(`DELETE FROM news WHERE id IN (SELECT row_id FROM demo_rows WHERE kind = 'news')`);
  await tx.query('DELETE FROM demo_rows');
  return { demo, deactivated };
}

const summary = (demo: DemoData, deactivated: Set<number>) => ({
  staff: demo.staff.map((s) => `${s.name} (${s.role}${deactivated.has(s.id) ? ', deactivated' : ''})`),
  students: demo.students.map((s) => s.name),
  subjects: demo.subjects.map((s) => s.name),
  news: demo.news.length,
  ...demo.under,
});

/**
 * The files the demo brought into MEDIA_DIR and MATERIALS_DIR (the same path is in the code tree's demo folders) that
 * no row refers to. Never the code tree's own demo folders, which a server without its own folders serves from.
 */
export async function removableDemoFiles(db: Queryable, config: Config): Promise<StoredFile[]> {
  const { unreferenced, fresh } = await findUnreferencedFiles(db, config);
  const roots = [
    [mediaDir(config), demoMediaDir],
    [materialsDir(config), demoMaterialsDir],
  ] as const;
  const removable: StoredFile[] = [];
  for (const file of [...unreferenced, ...fresh]) {
    const root = roots.find(([dir]) => file.path.startsWith(dir));
    if (!root || root[0] === root[1]) continue;
    const fromDemo = await access(join(root[1], file.path.slice(root[0].length))).then(
      () => true,
      () => false,
    );
    if (fromDemo) removable.push(file);
  }
  return removable;
}
