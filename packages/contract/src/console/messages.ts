import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { adminsOnly, consoleEndpoint, everyStaffRole, requiredText as text } from './common.ts';

// Text messages staff send to students (docs/decisions/068). Within India every text must match a template
// registered with DLT, so staff choose from the institute's registered templates; a template's `{variable}`s are filled
// when sending, `{name}` with each student's own name.

/** `{name}` is each recipient's name; every other variable is filled in by whoever sends. */
export const RECIPIENT_NAME_VARIABLE = 'name';

/** The variables of a template's text, each once, in order: `{name}`, `{topic}` … */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([a-z][a-z0-9_]{0,29})\}/g)].map((match) => match[1] ?? ''))];
}

/**
 * What the portal fills in the class reminder's template (docs/decisions/076), besides `{name}`: the class, its batch,
 * its tutor, its time on the institute's clock (4:30 pm) and the minutes left before it starts.
 */
export const CLASS_REMINDER_VARIABLES = ['class_name', 'batch_name', 'tutor_name', 'time', 'minutes'] as const;

/** An id a gateway or the DLT portal gave: letters, digits and dashes, or nothing. */
const externalId = (field: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(64, `${field} must be at most 64 characters`),
      z.regex(/^[A-Za-z0-9_-]*$/, `${field} may hold only letters, digits, - and _`),
    );

export const messageTemplate = z.object({
  id: z.number(),
  name: z.string(),
  /** The template's id on the DLT portal (19 digits in India); empty outside India. */
  dlt_template_id: z.string(),
  /** The gateway's own id for it where the gateway keeps templates itself (MSG91); empty otherwise. */
  gateway_template_id: z.string(),
  text: z.string(),
  /** Retired templates stay on old sends but are not offered. */
  active: z.boolean(),
  /** The one template the portal texts a class's batch with before the class (at most one is). */
  class_reminder: z.boolean(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

/** The institute's templates, and what sending costs and allows with the configured gateway. */
export const listMessageTemplates = consoleEndpoint({
  method: 'POST',
  path: '/Messages/templates',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(
    z.object({
      templates: z.array(messageTemplate),
      /** Whether a text of one's own may be sent (never through MSG91, never to India: DLT). */
      free_text: z.boolean(),
      /** What one SMS part costs, in `currency` (SMS_PRICE_PER_PART), for the cost warning. */
      price_per_part: z.number(),
      currency: z.string(),
      /** CLASS_REMINDER_MINUTES: how long before a class its batch is reminded; 0, never. */
      class_reminder_minutes: z.number(),
    }),
  ),
});

/** Adds a template (no `id`) or changes one; admins only, as it is registered in the institute's name. */
export const saveMessageTemplate = consoleEndpoint({
  method: 'POST',
  path: '/Messages/template/save',
  roles: adminsOnly,
  body: z.strictObject({
    id: z.optional(id),
    name: text('name', 100),
    dlt_template_id: z._default(externalId('dlt_template_id'), ''),
    gateway_template_id: z._default(externalId('gateway_template_id'), ''),
    text: text('text', 500),
    active: z._default(z.boolean(), true),
    /** Make it the class reminder (another marked one stops being it), or stop; left out, it stays as it was. */
    class_reminder: z.optional(z.boolean()),
  }),
  response: envelope(messageTemplate),
});

/** A filled-in variable's value. */
const variableValue = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters'));

/** Who a message goes to: a batch's active students, or chosen students (an Insights list, the roster's selection). */
export const messageAudience = z.union([
  z.strictObject({ batch_id: id }),
  z.strictObject({
    student_ids: z
      .array(id)
      .check(z.minLength(1, 'choose at least one student'), z.maxLength(10_000, 'at most 10,000 students at once')),
  }),
]);

/** A message as composed: a template and its variables, or (where free_text allows) a text of one's own. */
const composed = z.strictObject({
  template_id: z.optional(id),
  text: z.optional(text('text', 500)),
  variables: z._default(z.record(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,29}$/)), variableValue), {}),
  audience: messageAudience,
  /** Where the list came from, for the sends list ("Not watched: Fractions"). */
  source: z._default(z.string().check(z.trim(), z.maxLength(200, 'source must be at most 200 characters')), ''),
});

/** What the message would be: how many it reaches, the text for the first of them, its parts and cost. */
export const previewMessage = consoleEndpoint({
  method: 'POST',
  path: '/Messages/preview',
  roles: everyStaffRole,
  body: composed,
  response: envelope(
    z.object({
      recipients: z.number(),
      /** Chosen students who will not get it: deactivated, or not found. */
      left_out: z.number(),
      first: z.nullable(z.object({ student_name: z.string(), text: z.string() })),
      /** SMS parts per text (160 characters, 70 in Hindi and other scripts), and the whole send's estimate. */
      parts: z.number(),
      cost: z.number(),
      currency: z.string(),
      /** Variables still to fill in. */
      unfilled: z.array(z.string()),
    }),
  ),
});

/** Queues the message to every recipient; the answer's id is the send's page. */
export const sendMessage = consoleEndpoint({
  method: 'POST',
  path: '/Messages/send',
  roles: everyStaffRole,
  body: composed,
  response: envelope(z.object({ id: z.number(), recipients: z.number() })),
});

export const recipientStatus = z.enum(['queued', 'sent', 'failed']);
export type RecipientStatus = z.infer<typeof recipientStatus>;

export const messageSend = z.object({
  id: z.number(),
  template_name: z.string(),
  text: z.string(),
  source: z.string(),
  sent_by: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type MessageSend = z.infer<typeof messageSend>;

/** The latest 100 sends, newest first. */
export const listMessageSends = consoleEndpoint({
  method: 'POST',
  path: '/Messages/sends',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ sends: z.array(messageSend) })),
});

export const messageRecipient = z.object({
  student_id: z.number(),
  student_name: z.string(),
  /** The number it went to (E.164), as the roster shows it. */
  mobile: z.string(),
  status: recipientStatus,
  attempts: z.number(),
  /** Why it failed (or why the last try did), from the gateway. */
  reason: z.string(),
  sent_at: z.nullable(z.string()),
});
export type MessageRecipient = z.infer<typeof messageRecipient>;

/** One send with each recipient's status (failed first, then queued, then sent). */
export const showMessageSend = consoleEndpoint({
  method: 'POST',
  path: '/Messages/send/show',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.object({ send: messageSend, recipients: z.array(messageRecipient) })),
});
