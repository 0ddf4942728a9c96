import { RECIPIENT_NAME_VARIABLE, templateVariables } from '@portal/contract/console';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { fillIn, freeTextAllowed } from './message-text.ts';
import { findTemplate } from './template-repository.ts';

export interface ComposeBody {
  template_id?: number | undefined;
  text?: string | undefined;
  variables: Record<string, string>;
}

export interface Composed {
  templateId: number | null;
  templateName: string;
  dltTemplateId: string;
  gatewayTemplateId: string;
  /** The text with the sender's variables filled in; `{name}` is still open. */
  text: string;
  /** Only the template's own variables (a stray one is dropped). */
  variables: Record<string, string>;
  unfilled: string[];
}

/** The message a compose form describes: a registered template with its variables, or (where allowed) one's own text. */
export async function compose(db: Queryable, config: Config, body: ComposeBody): Promise<Composed> {
  if ((body.template_id === undefined) === (body.text === undefined))
    throw fieldRefusal('template_id', 'choose one of the templates (or write a text, where that is allowed)');
  let base: Omit<Composed, 'text' | 'variables' | 'unfilled'> & { text: string };
  if (body.template_id !== undefined) {
    const template = await findTemplate(db, body.template_id);
    if (!template) throw new ApiError(404, 'template_id: there is no such template.');
    if (!template.active) throw fieldRefusal('template_id', 'this template is retired: choose another');
    base = {
      templateId: template.id,
      templateName: template.name,
      dltTemplateId: template.dlt_template_id,
      gatewayTemplateId: template.gateway_template_id,
      text: template.text,
    };
  } else {
    if (!freeTextAllowed(config))
      throw fieldRefusal(
        'text',
        "texts to India must match a DLT-registered template, and this gateway sends only those: choose one of the institute's templates",
      );
    base = {
      templateId: null,
      templateName: 'Own text',
      dltTemplateId: '',
      gatewayTemplateId: '',
      text: body.text ?? '',
    };
  }
  const own = templateVariables(base.text).filter((name) => name !== RECIPIENT_NAME_VARIABLE);
  const variables = Object.fromEntries(
    own.flatMap((name) => (body.variables[name] ? [[name, body.variables[name]]] : [])),
  );
  return {
    ...base,
    text: fillIn(base.text, variables),
    variables,
    unfilled: own.filter((name) => !(name in variables)),
  };
}

/** A recipient's own text: `{name}` becomes their name. */
export const textFor = (composed: Composed, name: string) => fillIn(composed.text, { [RECIPIENT_NAME_VARIABLE]: name });
