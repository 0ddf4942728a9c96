import type { MessageTemplate } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

const columns = 'id, name, dlt_template_id, gateway_template_id, text, active, class_reminder';

export type TemplateFields = Omit<MessageTemplate, 'id'>;

export const listTemplates = (db: Queryable) =>
  db.query<MessageTemplate>(`SELECT ${columns} FROM message_templates ORDER BY NOT active, lower(name), id`);

export async function findTemplate(db: Queryable, id: number): Promise<MessageTemplate | undefined> {
  const [row] = await db.query<MessageTemplate>(`SELECT ${columns} FROM message_templates WHERE id = $1`, [id]);
  return row;
}

/** Another template's id with this name (names are unique whatever their case), or undefined. */
export async function templateNamed(db: Queryable, name: string, except = 0): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM message_templates WHERE lower(name) = lower($1) AND id <> $2',
    [name, except],
  );
  return row?.id;
}

export async function insertTemplate(db: Queryable, t: TemplateFields): Promise<MessageTemplate> {
  const [row] = await db.query<MessageTemplate>(
    `INSERT INTO message_templates (name, dlt_template_id, gateway_template_id, text, active, class_reminder)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
    [t.name, t.dlt_template_id, t.gateway_template_id, t.text, t.active, t.class_reminder],
  );
  return row!;
}

export async function updateTemplate(db: Queryable, id: number, t: TemplateFields): Promise<MessageTemplate> {
  const [row] = await db.query<MessageTemplate>(
    `UPDATE message_templates
        SET name = $2, dlt_template_id = $3, gateway_template_id = $4, text = $5, active = $6, class_reminder = $7
      WHERE id = $1 RETURNING ${columns}`,
    [id, t.name, t.dlt_template_id, t.gateway_template_id, t.text, t.active, t.class_reminder],
  );
  return row!;
}

/** The template marked "Use for class reminders", if one is (and is not retired). */
export async function classReminderTemplate(db: Queryable): Promise<MessageTemplate | undefined> {
  const [row] = await db.query<MessageTemplate>(
    `SELECT ${columns} FROM message_templates WHERE class_reminder AND active`,
  );
  return row;
}

/** Unmarks the class reminder template other than `except`, naming it (at most one template is marked). */
export async function unmarkClassReminder(db: Queryable, except: number): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>(
    'UPDATE message_templates SET class_reminder = false WHERE class_reminder AND id <> $1 RETURNING name',
    [except],
  );
  return row?.name;
}
