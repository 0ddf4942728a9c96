import { answersHash, gradeSubmission, type Answer } from '../../domain/quiz-grading.ts';
import type { Queryable } from '../database.ts';
import type { DemoCourses } from './courses.ts';
import { quizBank, type DemoAttempt, type DemoQuiz } from './quiz-bank.ts';

const insertId = async (db: Queryable, sql: string, params: unknown[]) => {
  const [row] = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  if (!row) throw new Error('Demo row was not stored');
  return row.id;
};

/** The demo quizzes and past attempts, graded by the same function the server grades with. */
export async function seedQuizzes(db: Queryable, courses: DemoCourses) {
  for (const quiz of quizBank) {
    const chapter = courses.subjects
      .find((s) => s.name === quiz.subject)
      ?.chapters.find((c) => c.name === quiz.chapter);
    if (!chapter) throw new Error(`Demo chapter ${quiz.subject} / ${quiz.chapter} is missing`);
    const quizId = await insertId(
      db,
      `INSERT INTO quizzes (chapter_id, name, pass_marks, allow_retake, added_on)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
      [chapter.id, quiz.name, quiz.passMarks, quiz.allowRetake, quiz.addedDaysAgo],
    );
    const questions = [];
    for (const [position, question] of quiz.questions.entries()) {
      const correct = question.options[question.correct];
      if (correct === undefined) throw new Error(`Demo question "${question.question}" has no correct option`);
      const id = await insertId(
        db,
        `INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position) VALUES ($1, $2, $3, $4, $5, $6)`,
        [quizId, question.question, JSON.stringify(question.options), correct, question.marks, position],
      );
      questions.push({ id, options: [...question.options], correct_answer: correct, marks: question.marks });
    }
    for (const attempt of quiz.attempts) {
      const studentId = attempt.student === 'demo' ? courses.demoStudentId : courses.otherStudentId;
      await seedAttempt(db, quiz, quizId, studentId, attempt, questions);
    }
  }
}

async function seedAttempt(
  db: Queryable,
  quiz: DemoQuiz,
  quizId: number,
  studentId: number,
  attempt: DemoAttempt,
  questions: { id: number; options: string[]; correct_answer: string; marks: number }[],
) {
  const answers: Answer[] = [];
  for (const [index, choice] of attempt.choices.entries()) {
    const question = questions[index];
    const answer = choice === null ? undefined : question?.options[choice];
    if (question && answer !== undefined) answers.push({ question_id: question.id, answer });
  }
  const grade = gradeSubmission(questions, answers, quiz.passMarks);
  if (!grade.ok) throw new Error(`Demo attempt at ${quiz.name}: ${grade.message}`);
  const attemptId = await insertId(
    db,
    `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, attended_on)
     VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(days => $7))`,
    [quizId, studentId, grade.marks, grade.maxMarks, grade.result, answersHash(grade.answers), attempt.daysAgo],
  );
  for (const answer of grade.answers) {
    await db.query(`INSERT INTO attempt_answers (attempt_id, question_id, answer) VALUES ($1, $2, $3)`, [
      attemptId,
      answer.question_id,
      answer.answer,
    ]);
  }
}
