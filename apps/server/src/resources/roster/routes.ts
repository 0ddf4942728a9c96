import type { FastifyInstance } from 'fastify';
import {
  addStudent,
  BULK_LIMIT,
  bulkEnrolStudents,
  bulkMoveStudents,
  bulkSetStudentsActive,
  commitStudentImport,
  countStudents,
  enrolStudent,
  exportStudents,
  getStudent,
  listEnrolmentChoices,
  listStudents,
  previewStudentImport,
  setStudentActive,
  signOutStudent,
  updateStudent,
} from '@portal/contract/console';
import { callingCodeOf } from '@portal/contract/phone';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { ApiError } from '../../http/api-error.ts';
import { addWalkIn } from './add-student.ts';
import { setActive, setEnrolments, signOutEverywhere, toDetail, updateStudentDetails } from './change-student.ts';
import { exportStudentsCsv } from './import/export-students.ts';
import { importStudents, IMPORT_BODY_LIMIT } from './import/import-students.ts';
import { findStudentRecord, listSubjectsAndBatches } from './roster-repository.ts';
import { bulkEnrol, bulkMove, bulkSetActive } from './bulk-change.ts';
import { countMatching, searchStudents } from './search-students.ts';

export async function rosterRoutes(app: FastifyInstance) {
  const callingCode = callingCodeOf(app.config.DEFAULT_COUNTRY);

  defineConsoleRoute(app, listStudents, async ({ body }) => {
    const page = await searchStudents(app.db, body, callingCode);
    const last = page.students.at(-1);
    return {
      status: true,
      message: 'Students',
      data: {
        students: page.students.map((s) => ({
          stud_id: s.id,
          name: s.name,
          mobile: `+${s.phone_code}${s.mobile}`,
          academic_level: s.academic_level,
          active: s.active,
          subject_ids: s.subject_ids,
          batch_ids: s.batch_ids,
        })),
        next: page.more && last ? { name: last.name, id: last.id } : null,
      },
    };
  });

  defineConsoleRoute(app, countStudents, async ({ body }) => {
    const matching = await countMatching(app.db, body, callingCode);
    return { status: true, message: 'Students', data: { matching, over_limit: matching > BULK_LIMIT } };
  });

  const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;
  const saidDone = (verb: string, result: { matched: number; changed: number }) =>
    `${students(result.changed)} ${verb}${result.changed < result.matched ? `; ${result.matched - result.changed} already were` : ''}.`;

  defineConsoleRoute(app, bulkEnrolStudents, async ({ body, staff }) => {
    const result = await bulkEnrol(app.db, staff, callingCode, body);
    return { status: true, message: saidDone('enrolled', result), data: result };
  });

  defineConsoleRoute(app, bulkMoveStudents, async ({ body, staff }) => {
    const result = await bulkMove(app.db, staff, callingCode, body);
    return { status: true, message: saidDone('moved', result), data: result };
  });

  defineConsoleRoute(app, bulkSetStudentsActive, async ({ body, staff }) => {
    const result = await bulkSetActive(app.db, staff, callingCode, body);
    return {
      status: true,
      message: saidDone(body.active ? 'reactivated' : 'deactivated and signed out everywhere', result),
      data: result,
    };
  });

  defineConsoleRoute(app, getStudent, async ({ body }) => {
    const student = await findStudentRecord(app.db, body.stud_id);
    if (!student) throw new ApiError(404, 'There is no such student.');
    return {
      status: true,
      message: 'Student',
      data: { student: toDetail(student), ...(await listSubjectsAndBatches(app.db)) },
    };
  });

  defineConsoleRoute(app, updateStudent, async ({ body, staff }) => {
    const student = await updateStudentDetails(app.db, staff, app.config.DEFAULT_COUNTRY, body);
    return { status: true, message: 'Saved.', data: student };
  });

  defineConsoleRoute(app, listEnrolmentChoices, async () => ({
    status: true,
    message: 'Subjects and batches',
    data: await listSubjectsAndBatches(app.db),
  }));

  defineConsoleRoute(app, addStudent, async ({ body, staff }) => {
    const student = await addWalkIn(app.db, staff, app.config.DEFAULT_COUNTRY, body);
    return { status: true, message: `${student.name} is now a student.`, data: student };
  });

  defineConsoleRoute(app, enrolStudent, async ({ body, staff }) => {
    return { status: true, message: 'Enrolments saved.', data: await setEnrolments(app.db, staff, body) };
  });

  defineConsoleRoute(app, setStudentActive, async ({ body, staff }) => {
    const student = await setActive(app.db, staff, body.stud_id, body.active);
    const message = body.active
      ? 'The student can sign in again.'
      : 'The student is deactivated and signed out everywhere.';
    return { status: true, message, data: student };
  });

  defineConsoleRoute(app, signOutStudent, async ({ body, staff }) => {
    const ended = await signOutEverywhere(app.db, staff, body.stud_id);
    return { status: true, message: `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`, data: { ended } };
  });

  const readFile = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

  defineConsoleRoute(
    app,
    previewStudentImport,
    async ({ body }) => {
      const result = await importStudents(app.db, readFile(body.file), { defaultCountry: app.config.DEFAULT_COUNTRY });
      return {
        status: true,
        message: 'Preview',
        data: { ignored_columns: result.plan.ignoredColumns, lines: result.plan.lines, counts: result.plan.counts },
      };
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  defineConsoleRoute(
    app,
    commitStudentImport,
    async ({ body, staff }) => {
      const { plan, applied } = await importStudents(app.db, readFile(body.file), {
        defaultCountry: app.config.DEFAULT_COUNTRY,
        commit: staff,
      });
      const skipped = plan.lines.filter((l) => l.status === 'error');
      return {
        status: true,
        message: `Imported: ${applied?.created ?? 0} new, ${applied?.updated ?? 0} updated, ${skipped.length} skipped.`,
        data: {
          created: applied?.created ?? 0,
          updated: applied?.updated ?? 0,
          unchanged: plan.counts.unchanged,
          skipped,
        },
      };
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  defineConsoleRoute(app, exportStudents, async () => {
    const csv = await exportStudentsCsv(app.db);
    return {
      status: true,
      message: 'Students',
      data: { file_name: `students-${new Date().toISOString().slice(0, 10)}.csv`, csv },
    };
  });
}
