import {
  CLASS_REMINDER_VARIABLES,
  type MessageTemplate,
  RECIPIENT_NAME_VARIABLE,
  templateVariables,
} from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Actor } from '../../audit/record-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import {
  findTemplate,
  insertTemplate,
  type TemplateFields,
  templateNamed,
  unmarkClassReminder,
  updateTemplate,
} from './template-repository.ts';

export type TemplateBody = Omit<TemplateFields, 'class_reminder'> & {
  id?: number | undefined;
  /** Left out: as it was (a new template: not the class reminder). */
  class_reminder?: boolean | undefined;
};

/**
 * Adds a template (no id) or changes one, with its audit entry. Names are unique, whatever their case. Marking it the
 * class reminder unmarks the one that was (docs/decisions/076); retiring it unmarks it.
 */
export function saveTemplate(db: Database, actor: Actor, body: TemplateBody): Promise<MessageTemplate> {
  const { id, class_reminder: asked, ...rest } = body;
  return saveAndAudit(db, actor, async (tx) => {
    if (await templateNamed(tx, rest.name, id ?? 0))
      throw fieldRefusal('name', 'another template has this name: choose another');
    const before = id === undefined ? undefined : await findTemplate(tx, id);
    if (id !== undefined && !before) throw new ApiError(404, 'id: there is no such template.');
    if (asked && !rest.active)
      throw fieldRefusal(
        'class_reminder',
        'A retired template cannot remind of classes: tick “Offered when sending” too.',
      );
    const fields: TemplateFields = {
      ...rest,
      class_reminder: rest.active && (asked ?? before?.class_reminder ?? false),
    };
    let replaced: string | undefined;
    if (fields.class_reminder) {
      checkReminderVariables(fields.text, asked === undefined ? 'text' : 'class_reminder');
      replaced = await unmarkClassReminder(tx, id ?? 0);
    }
    // The audit entry names the template that stopped being the class reminder.
    const after = replaced ? { ...fields, class_reminder_instead_of: replaced } : fields;
    if (!before) {
      const added = await insertTemplate(tx, fields);
      return {
        answer: added,
        audit: {
          action: 'message_template.add',
          entity: 'message_template',
          entityId: added.id,
          before: null,
          after,
        },
      };
    }
    const saved = await updateTemplate(tx, before.id, fields);
    const { id: _id, ...was } = before;
    return {
      answer: saved,
      audit: {
        action: 'message_template.update',
        entity: 'message_template',
        entityId: before.id,
        before: was,
        after,
      },
    };
  });
}

/** A class reminder's text may use only what the portal fills in: the student's name and the class's values. */
function checkReminderVariables(text: string, field: string) {
  const known = new Set<string>([RECIPIENT_NAME_VARIABLE, ...CLASS_REMINDER_VARIABLES]);
  const unknown = templateVariables(text).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw fieldRefusal(
      field,
      `A class reminder fills in only ${[...known].map((name) => `{${name}}`).join(', ')}: ` +
        `${unknown.map((name) => `{${name}}`).join(', ')} would be sent as it is written.`,
    );
}
