import type { QuizAttempt, ReportQuestion } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import type { Answer } from '../../domain/quiz-grading.ts';
import { isoUtc, LIST_LIMIT } from './sql.ts';
import { listInReach } from '../subjects/access.ts';

export interface LatestAttempt {
  id: number;
  result: 'pass' | 'fail';
  marks: number;
  max_marks: number;
  answers_hash: string;
  /** Within `windowSeconds` of now. */
  recent: boolean;
}

/**
 * Serialises submissions of one student for one quiz until the transaction ends, so two identical
 * submissions arriving together cannot both find no earlier attempt and both store one.
 */
export async function lockStudentQuiz(tx: Queryable, studentId: number, quizId: number) {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('quiz-attempt:' || $1::text || ':' || $2::text, 0))`, [
    studentId,
    quizId,
  ]);
}

/** Serialises submissions that carry the same id, even for different quizzes, so the id is stored once. */
export async function lockSubmission(tx: Queryable, studentId: number, submissionId: string) {
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtextextended('quiz-submission:' || $1::text || ':' || $2::text, 0))`,
    [studentId, submissionId.toLowerCase()],
  );
}

export async function findAttemptBySubmission(tx: Queryable, studentId: number, submissionId: string) {
  const [row] = await tx.query<{
    id: number;
    quiz_id: number;
    result: 'pass' | 'fail';
    marks: number;
    max_marks: number;
  }>(
    `SELECT id, quiz_id, result, marks, max_marks FROM quiz_attempts WHERE student_id = $1 AND submission_id = $2::uuid`,
    [studentId, submissionId],
  );
  return row;
}

export async function findLatestAttempt(tx: Queryable, studentId: number, quizId: number, windowSeconds: number) {
  const [row] = await tx.query<LatestAttempt>(
    `SELECT id, result, marks, max_marks, answers_hash,
            attended_on > now() - make_interval(secs => $3) AS recent
       FROM quiz_attempts
      WHERE student_id = $1 AND quiz_id = $2
      ORDER BY attended_on DESC, id DESC
      LIMIT 1`,
    [studentId, quizId, windowSeconds],
  );
  return row;
}

export async function hasAttempted(db: Queryable, studentId: number, quizId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM quiz_attempts WHERE student_id = $1 AND quiz_id = $2 LIMIT 1`, [
    studentId,
    quizId,
  ]);
  return rows.length > 0;
}

export interface NewAttempt {
  quizId: number;
  studentId: number;
  marks: number;
  maxMarks: number;
  result: 'pass' | 'fail';
  answersHash: string;
  answers: Answer[];
  submissionId: string | null;
}

/** Stores an attempt and its answers; call inside a transaction so it is all stored or none of it. */
export async function insertAttempt(tx: Queryable, attempt: NewAttempt): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, submission_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::uuid) RETURNING id`,
    [
      attempt.quizId,
      attempt.studentId,
      attempt.marks,
      attempt.maxMarks,
      attempt.result,
      attempt.answersHash,
      attempt.submissionId,
    ],
  );
  if (!row) throw new Error('The attempt was not stored');
  if (attempt.answers.length > 0) {
    await tx.query(
      `INSERT INTO attempt_answers (attempt_id, question_id, answer)
       SELECT $1, question_id, answer FROM unnest($2::int[], $3::text[]) AS a (question_id, answer)`,
      [row.id, attempt.answers.map((a) => a.question_id), attempt.answers.map((a) => a.answer)],
    );
  }
  return row.id;
}

/**
 * The student's attempts at the chapter's quizzes, newest first, only when they are enrolled in its subject, checked
 * in the same query (one trip to the database instead of two); null otherwise.
 */
export async function listReachableAttempts(
  db: Queryable,
  studentId: number,
  chapterId: number,
): Promise<QuizAttempt[] | null> {
  const rows = await db.query<Omit<QuizAttempt, 'id'> & { id: number | null }>(
    `SELECT a.id, a.quiz_id, a.name, ${isoUtc('a.added_on')} AS added_on, ${isoUtc('a.attended_on')} AS attend_on,
            a.result, a.marks, a.max_marks
       FROM reachable_chapters r
       LEFT JOIN LATERAL (
         SELECT a.id, a.quiz_id, q.name, q.added_on, a.attended_on, a.result, a.marks, a.max_marks
           FROM quizzes q
           JOIN quiz_attempts a ON a.student_id = r.student_id AND a.quiz_id = q.id
          WHERE q.chapter_id = r.chapter_id
          ORDER BY a.attended_on DESC, a.id DESC
          LIMIT ${LIST_LIMIT}
       ) a ON true
      WHERE r.student_id = $1 AND r.chapter_id = $2
      ORDER BY a.attended_on DESC, a.id DESC`,
    [studentId, chapterId],
  );
  return listInReach(rows, 'id');
}

export interface OwnReport {
  quiz_name: string;
  attend_on: string;
  marks: number;
  max_marks: number;
  result: 'pass' | 'fail';
  /**
   * Every question the attempt's quiz had when it was taken, with its correct answer then and the student's answer
   * (null if left blank): questions changed or removed since were retired, not rewritten (migration 076).
   */
  report: ReportQuestion[];
}

type ReportRow = Omit<OwnReport, 'report'> & { [K in keyof ReportQuestion as `q_${K}`]: ReportQuestion[K] | null };

/** An attempt of this student's own with its questions, read in one statement; another student's attempt is not found. */
export async function findOwnReport(
  db: Queryable,
  studentId: number,
  attemptId: number,
): Promise<OwnReport | undefined> {
  const rows = await db.query<ReportRow>(
    `SELECT q.name AS quiz_name, ${isoUtc('a.attended_on')} AS attend_on, a.marks, a.max_marks, a.result,
            qu.id AS q_question_id, qu.question AS q_question, qu.options AS q_options, qu.marks AS q_marks,
            qu.correct_answer AS q_answer, qu.student_answer AS q_student_answer
       FROM quiz_attempts a
       JOIN quizzes q ON q.id = a.quiz_id
       LEFT JOIN LATERAL (
         SELECT qu.id, qu.question, qu.options, qu.marks, qu.correct_answer, aa.answer AS student_answer, qu.position
           FROM questions qu
           LEFT JOIN attempt_answers aa ON aa.attempt_id = a.id AND aa.question_id = qu.id
          WHERE qu.quiz_id = a.quiz_id AND qu.added_at <= a.attended_on AND (qu.retired_at IS NULL OR qu.retired_at > a.attended_on)
          ORDER BY qu.position, qu.id
          LIMIT ${LIST_LIMIT}
       ) qu ON true
      WHERE a.id = $1 AND a.student_id = $2
      ORDER BY qu.position, qu.id`,
    [attemptId, studentId],
  );
  const [first] = rows;
  if (!first) return undefined;
  const { quiz_name, attend_on, marks, max_marks, result } = first;
  const report = rows.flatMap((row) =>
    row.q_question_id === null
      ? []
      : [
          {
            question_id: row.q_question_id,
            question: row.q_question!,
            options: row.q_options!,
            marks: row.q_marks!,
            answer: row.q_answer!,
            student_answer: row.q_student_answer,
          },
        ],
  );
  return { quiz_name, attend_on, marks, max_marks, result, report };
}
