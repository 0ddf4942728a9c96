import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { adminsOnly, consoleEndpoint, everyStaffRole, personName, typedMobile } from './common.ts';

/** The largest CSV import (bytes); files travel base64-encoded in JSON, a third larger. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The CSV the import page offers to download: headings the importer understands and one example line. The console
 * saves it with a byte-order mark, so Excel opens it as UTF-8 and a Hindi name typed into it survives.
 */
export const STUDENT_CSV_TEMPLATE =
  'Name,Mobile,Guardian,Email,State,District,Academic level,Subjects,Batches\r\n' +
  'Asha Rao,+91 98765 11111,Ravi Rao,asha@example.com,Rajasthan,Jaipur,Class 11,Physics;Chemistry,Physics Batch A (Morning)\r\n';

const optionalText = (label: string) =>
  z.string().check(z.trim(), z.maxLength(100, `${label} must be at most 100 characters`));

const studentEmail = z.string().check(
  z.trim(),
  z.maxLength(254, 'email is too long'),
  z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'email is not an email address'),
);

export const studentSummary = z.object({
  stud_id: z.number(),
  name: z.string(),
  /** E.164, e.g. "+919876543210". */
  mobile: z.string(),
  academic_level: z.string(),
  active: z.boolean(),
  /** The subjects they are enrolled in and the batches they are in (within those subjects), for the roster's columns. */
  subject_ids: z.array(z.number()),
  batch_ids: z.array(z.number()),
});
export type StudentSummary = z.infer<typeof studentSummary>;

const pageCursor = z.object({ name: z.string().check(z.maxLength(200)), id });

/** Which students the roster shows; every part narrows it. A bulk action may name them by this instead of by id. */
const rosterFilterShape = {
  /** Words of a name, or digits of a number. */
  q: z.optional(z.string().check(z.maxLength(100, 'q must be at most 100 characters'))),
  status: z._default(z.enum(['active', 'inactive', 'all']), 'all'),
  /** Students enrolled in this subject. */
  subject_id: z.optional(id),
  /** Students in this batch (and enrolled in its subject). */
  batch_id: z.optional(id),
};
export const rosterFilter = z.strictObject(rosterFilterShape);
export type RosterFilter = z.input<typeof rosterFilter>;

export const listStudents = consoleEndpoint({
  method: 'POST',
  path: '/Students/list',
  roles: everyStaffRole,
  body: z.strictObject({
    ...rosterFilterShape,
    /** The `next` of the previous page. */
    after: z.optional(pageCursor),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  }),
  response: envelope(z.object({ students: z.array(studentSummary), next: z.nullable(pageCursor) })),
});

export const studentDetail = z.object({
  stud_id: z.number(),
  name: z.string(),
  guardian: z.string(),
  email: z.string(),
  state: z.string(),
  district: z.string(),
  academic_level: z.string(),
  mobile: z.string(),
  active: z.boolean(),
  subject_ids: z.array(z.number()),
  batch_ids: z.array(z.number()),
});
export type StudentDetail = z.infer<typeof studentDetail>;

/** A student with what they can be enrolled in: every subject and batch. */
export const getStudent = consoleEndpoint({
  method: 'POST',
  path: '/Students/get',
  roles: everyStaffRole,
  body: z.strictObject({ stud_id: id }),
  response: envelope(
    z.object({
      student: studentDetail,
      subjects: z.array(z.object({ id: z.number(), name: z.string() })),
      batches: z.array(z.object({ id: z.number(), name: z.string(), subject_id: z.number() })),
    }),
  ),
});

export const updateStudent = consoleEndpoint({
  method: 'POST',
  path: '/Students/update',
  roles: adminsOnly,
  body: z.strictObject({
    stud_id: id,
    name: personName,
    guardian: optionalText('guardian'),
    email: studentEmail,
    state: optionalText('state'),
    district: optionalText('district'),
    academic_level: optionalText('academic_level'),
    mobile: typedMobile,
  }),
  response: envelope(studentDetail),
});

const enrolmentChoices = z.object({
  subjects: z.array(z.object({ id: z.number(), name: z.string() })),
  batches: z.array(z.object({ id: z.number(), name: z.string(), subject_id: z.number() })),
});

/** Every subject and batch a student can be enrolled in, in the order students see them. */
export const listEnrolmentChoices = consoleEndpoint({
  method: 'POST',
  path: '/Students/enrolment_choices',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(enrolmentChoices),
});

/** A walk-in, added by hand: what a CSV line carries, checked and stored the same way (the same number is one student). */
export const addStudent = consoleEndpoint({
  method: 'POST',
  path: '/Students/add',
  roles: adminsOnly,
  body: z.strictObject({
    name: personName,
    mobile: typedMobile,
    guardian: z._default(optionalText('guardian'), ''),
    email: z._default(studentEmail, ''),
    state: z._default(optionalText('state'), ''),
    district: z._default(optionalText('district'), ''),
    academic_level: z._default(optionalText('academic_level'), ''),
    subject_ids: z._default(z.array(id).check(z.maxLength(200)), []),
    batch_ids: z._default(z.array(id).check(z.maxLength(200)), []),
  }),
  response: envelope(studentDetail),
});

/** Sets exactly these subjects and batches (a batch's subject is added with it). */
export const enrolStudent = consoleEndpoint({
  method: 'POST',
  path: '/Students/enrol',
  roles: adminsOnly,
  body: z.strictObject({
    stud_id: id,
    subject_ids: z.array(id).check(z.maxLength(200)),
    batch_ids: z.array(id).check(z.maxLength(200)),
  }),
  response: envelope(studentDetail),
});

/** Deactivating ends the student's sessions at once and refuses sign-in; nothing of their history is deleted. */
export const setStudentActive = consoleEndpoint({
  method: 'POST',
  path: '/Students/set_active',
  roles: adminsOnly,
  body: z.strictObject({ stud_id: id, active: z.boolean() }),
  response: envelope(studentDetail),
});

export const signOutStudent = consoleEndpoint({
  method: 'POST',
  path: '/Students/sign_out_everywhere',
  roles: adminsOnly,
  body: z.strictObject({ stud_id: id }),
  response: envelope(z.object({ ended: z.number() })),
});

const csvFile = z.strictObject({
  /** The file's bytes, base64: the server checks the encoding itself. */
  file: z
    .string()
    .check(
      z.minLength(1, 'file is empty'),
      z.maxLength(Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4, 'file is larger than 10 MB'),
      z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file must be base64'),
    ),
});

export const importLineStatus = z.enum(['new', 'updated', 'unchanged', 'error']);
export const importLine = z.object({
  line: z.number(),
  status: importLineStatus,
  name: z.string(),
  mobile: z.string(),
  /** An error's problems in one text, or what an update changes. */
  message: z.string(),
  /** Every problem of an error line, each a sentence; empty for the other lines. */
  problems: z.array(z.string()),
});
export type ImportLine = z.infer<typeof importLine>;
const importCounts = z.object({ new: z.number(), updated: z.number(), unchanged: z.number(), error: z.number() });

/** Reads a CSV and answers what committing it would do, line by line; stores nothing. */
export const previewStudentImport = consoleEndpoint({
  method: 'POST',
  path: '/Students/import_preview',
  roles: adminsOnly,
  body: csvFile,
  response: envelope(
    z.object({
      /** Headings of the file's columns that are not imported (a serial-number column is skipped without a word). */
      ignored_columns: z.array(z.string()),
      lines: z.array(importLine),
      counts: importCounts,
    }),
  ),
});

/** Applies every valid line of the CSV in one transaction; error lines are skipped and listed. */
export const commitStudentImport = consoleEndpoint({
  method: 'POST',
  path: '/Students/import_commit',
  roles: adminsOnly,
  body: csvFile,
  response: envelope(
    z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), skipped: z.array(importLine) }),
  ),
});

export const exportStudents = consoleEndpoint({
  method: 'POST',
  path: '/Students/export',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ file_name: z.string(), csv: z.string() })),
});

/** The most students one bulk action changes: a larger list is refused, and the console says to narrow the filter. */
export const BULK_LIMIT = 2000;

/** How many students a filter matches, counted up to one past BULK_LIMIT (a larger count is not needed to refuse). */
export const countStudents = consoleEndpoint({
  method: 'POST',
  path: '/Students/count',
  roles: everyStaffRole,
  body: rosterFilter,
  response: envelope(z.object({ matching: z.number(), over_limit: z.boolean() })),
});

/**
 * The students of a bulk action: those chosen by id, or all that match a filter (sent as the filter, not as ids).
 * `expected` is the count the clerk confirmed; when the filter matches another number by then, nothing is changed.
 */
const bulkSelection = {
  student_ids: z.optional(
    z
      .array(id)
      .check(z.minLength(1, 'choose a student'), z.maxLength(BULK_LIMIT, `at most ${BULK_LIMIT} students at once`)),
  ),
  filter: z.optional(rosterFilter),
  expected: z.optional(z.number().check(z.int(), z.gte(0))),
};
const oneSelection = z.refine<{ student_ids?: unknown; filter?: unknown }>(
  (body) => (body.student_ids === undefined) !== (body.filter === undefined),
  'send either student_ids or filter',
);
const bulkResult = envelope(
  z.object({
    /** Students the action was for. */
    matched: z.number(),
    /** Those it changed (the others already were as asked). */
    changed: z.number(),
  }),
);

/** Enrols the students in a subject, and in one of its batches when given (other enrolments and batches stay). */
export const bulkEnrolStudents = consoleEndpoint({
  method: 'POST',
  path: '/Students/bulk_enrol',
  roles: adminsOnly,
  body: z.strictObject({ ...bulkSelection, subject_id: id, batch_id: z.optional(id) }).check(oneSelection),
  response: bulkResult,
});

/** Moves the students into a batch: out of the other batches of its subject, enrolled in the subject if they were not. */
export const bulkMoveStudents = consoleEndpoint({
  method: 'POST',
  path: '/Students/bulk_move',
  roles: adminsOnly,
  body: z.strictObject({ ...bulkSelection, batch_id: id }).check(oneSelection),
  response: bulkResult,
});

/** Deactivates (signing each out everywhere) or reactivates the students. */
export const bulkSetStudentsActive = consoleEndpoint({
  method: 'POST',
  path: '/Students/bulk_set_active',
  roles: adminsOnly,
  body: z.strictObject({ ...bulkSelection, active: z.boolean() }).check(oneSelection),
  response: bulkResult,
});
