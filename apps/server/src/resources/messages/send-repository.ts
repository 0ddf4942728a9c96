import type { MessageRecipient, MessageSend } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

/** Who the history says sent what the portal sent by itself (class reminders). */
export const SENT_BY_PORTAL = 'The portal (automatic)';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface NewSend {
  templateId: number | null;
  dltTemplateId: string;
  gatewayTemplateId: string;
  text: string;
  variables: Record<string, string>;
  source: string;
  /** Who sent it; null with `byPortal`, a send the portal made by itself (a class reminder). */
  staffId: number | null;
  byPortal?: boolean;
}

export async function insertSend(tx: Queryable, send: NewSend): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO message_sends
       (template_id, dlt_template_id, gateway_template_id, text, variables, source, staff_id, by_portal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      send.templateId,
      send.dltTemplateId,
      send.gatewayTemplateId,
      send.text,
      JSON.stringify(send.variables),
      send.source,
      send.staffId,
      send.byPortal ?? false,
    ],
  );
  return row!.id;
}

/** Every recipient's own text, queued; one statement whatever their number. */
export async function insertRecipients(
  tx: Queryable,
  sendId: number,
  recipients: { student_id: number; mobile: string; text: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO message_recipients (send_id, student_id, mobile, text)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[])`,
    [sendId, recipients.map((r) => r.student_id), recipients.map((r) => r.mobile), recipients.map((r) => r.text)],
  );
}

const sendColumns = `m.id, COALESCE(t.name, 'Own text') AS template_name, m.text, m.source,
  CASE WHEN m.by_portal THEN '${SENT_BY_PORTAL}' ELSE COALESCE(st.name, 'Former staff member') END AS sent_by, ${iso('m.created_at')} AS created_at,
  ${iso('m.finished_at')} AS finished_at,
  (SELECT count(*)::int FROM message_recipients r WHERE r.send_id = m.id) AS recipients,
  (SELECT count(*)::int FROM message_recipients r WHERE r.send_id = m.id AND r.status = 'queued') AS queued,
  (SELECT count(*)::int FROM message_recipients r WHERE r.send_id = m.id AND r.status = 'sent') AS sent,
  (SELECT count(*)::int FROM message_recipients r WHERE r.send_id = m.id AND r.status = 'failed') AS failed`;
const sendTables = `message_sends m LEFT JOIN message_templates t ON t.id = m.template_id
  LEFT JOIN staff st ON st.id = m.staff_id`;

export const listSends = (db: Queryable) =>
  db.query<MessageSend>(`SELECT ${sendColumns} FROM ${sendTables} ORDER BY m.id DESC LIMIT 100`);

export async function findSend(db: Queryable, id: number): Promise<MessageSend | undefined> {
  const [row] = await db.query<MessageSend>(`SELECT ${sendColumns} FROM ${sendTables} WHERE m.id = $1`, [id]);
  return row;
}

export const listRecipients = (db: Queryable, sendId: number) =>
  db.query<MessageRecipient>(
    `SELECT r.student_id, s.name AS student_name, r.mobile, r.status, r.attempts, r.reason, ${iso('r.sent_at')} AS sent_at
       FROM message_recipients r JOIN students s ON s.id = r.student_id
      WHERE r.send_id = $1
      ORDER BY CASE r.status WHEN 'failed' THEN 0 WHEN 'queued' THEN 1 ELSE 2 END, s.name, s.id`,
    [sendId],
  );

/** What the sender needs of a send besides its recipients. */
export async function sendToWork(
  db: Queryable,
  id: number,
): Promise<{ dlt_template_id: string; gateway_template_id: string; variables: Record<string, string> } | undefined> {
  const [row] = await db.query<{ dlt_template_id: string; gateway_template_id: string; variables: unknown }>(
    'SELECT dlt_template_id, gateway_template_id, variables FROM message_sends WHERE id = $1',
    [id],
  );
  if (!row) return undefined;
  const variables = typeof row.variables === 'string' ? JSON.parse(row.variables) : row.variables;
  return { ...row, variables: variables as Record<string, string> };
}

export interface DueText {
  student_id: number;
  name: string;
  mobile: string;
  text: string;
  attempts: number;
}

/** The send's next queued text whose time has come, in the order they were queued. */
export async function nextDue(db: Queryable, sendId: number): Promise<DueText | undefined> {
  const [row] = await db.query<DueText>(
    `SELECT r.student_id, s.name, r.mobile, r.text, r.attempts
       FROM message_recipients r JOIN students s ON s.id = r.student_id
      WHERE r.send_id = $1 AND r.status = 'queued' AND r.next_attempt_at <= now()
      ORDER BY r.next_attempt_at, r.student_id LIMIT 1`,
    [sendId],
  );
  return row;
}

/** When the send's next queued text is due (ms since the epoch, by the database's clock), or null: none is queued. */
export async function nextAttemptAt(db: Queryable, sendId: number): Promise<number | null> {
  const [row] = await db.query<{ at: string | number | null }>(
    `SELECT (extract(epoch FROM min(next_attempt_at)) * 1000)::float8 AS at
       FROM message_recipients WHERE send_id = $1 AND status = 'queued'`,
    [sendId],
  );
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export const markSent = (db: Queryable, sendId: number, studentId: number) =>
  db.query(
    `UPDATE message_recipients SET status = 'sent', attempts = attempts + 1, reason = '', sent_at = now()
      WHERE send_id = $1 AND student_id = $2`,
    [sendId, studentId],
  );

/** A refused text: tried again after `retrySeconds`, or failed for good with the gateway's reason. */
export const markRefused = (
  db: Queryable,
  sendId: number,
  studentId: number,
  reason: string,
  retrySeconds: number | null,
) =>
  db.query(
    `UPDATE message_recipients
        SET attempts = attempts + 1, reason = $3,
            status = CASE WHEN $4::int IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = now() + make_interval(secs => COALESCE($4::int, 0))
      WHERE send_id = $1 AND student_id = $2`,
    [sendId, studentId, reason, retrySeconds],
  );

/** Marks the send finished once none of its texts is queued. */
export const finishSend = (db: Queryable, sendId: number) =>
  db.query(
    `UPDATE message_sends SET finished_at = now() WHERE id = $1 AND finished_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM message_recipients WHERE send_id = $1 AND status = 'queued')`,
    [sendId],
  );

export const unfinishedSends = async (db: Queryable) =>
  (await db.query<{ id: number }>('SELECT id FROM message_sends WHERE finished_at IS NULL ORDER BY id')).map(
    (row) => row.id,
  );
