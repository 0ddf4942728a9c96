import type { MessageTemplate } from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Actor } from '../../audit/record-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import {
  findTemplate,
  insertTemplate,
  type TemplateFields,
  templateNamed,
  updateTemplate,
} from './template-repository.ts';

/** Adds a template (no id) or changes one, with its audit entry. Names are unique, whatever their case. */
export function saveTemplate(
  db: Database,
  actor: Actor,
  body: TemplateFields & { id?: number | undefined },
): Promise<MessageTemplate> {
  const { id, ...fields } = body;
  return saveAndAudit(db, actor, async (tx) => {
    if (await templateNamed(tx, fields.name, id ?? 0))
      throw fieldRefusal('name', 'another template has this name: choose another');
    if (id === undefined) {
      const added = await insertTemplate(tx, fields);
      return {
        answer: added,
        audit: {
          action: 'message_template.add',
          entity: 'message_template',
          entityId: added.id,
          before: null,
          after: fields,
        },
      };
    }
    const before = await findTemplate(tx, id);
    if (!before) throw new ApiError(404, 'id: there is no such template.');
    const saved = await updateTemplate(tx, id, fields);
    const { id: _id, ...was } = before;
    return {
      answer: saved,
      audit: {
        action: 'message_template.update',
        entity: 'message_template',
        entityId: id,
        before: was,
        after: fields,
      },
    };
  });
}
