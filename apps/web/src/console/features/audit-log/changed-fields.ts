import { formatDateTime } from '../../../lib/date-time.ts';

/** One field of a change: its value before and after (undefined where the thing did not exist or lacked it). */
export interface ChangedField {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a change changed, field by field: for an update only the fields that differ, for an addition or a removal
 * every field. Values that are not records (a number, a list) count as one field named "value".
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const was = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const is = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({ field, before: was[field], after: is[field] }));
}

/** An ISO time as the server stores them (`requested_at`, `published_at`): shown in the institute's time zone. */
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as a person reads it: text as it is, a time in the institute's zone, nothing as "—", lists and records as compact JSON. */
export const shown = (value: unknown): string =>
  value === undefined || value === null || value === ''
    ? '—'
    : typeof value === 'string'
      ? isoTime.test(value)
        ? formatDateTime(value, 'dateTime')
        : value
      : JSON.stringify(value);
