import { describe, expect, it } from 'vitest';
import { answersHash, gradeSubmission, type GradableQuestion } from '../src/domain/quiz-grading.ts';

const questions: GradableQuestion[] = [
  { id: 11, options: ['Newton', 'Joule', 'Kelvin', 'Watt'], correct_answer: 'Kelvin', marks: 1 },
  { id: 12, options: ['Time', 'Distance', 'Speed', 'Energy'], correct_answer: 'Distance', marks: 2 },
  { id: 13, options: ['0', '1', '2', '3'], correct_answer: '3', marks: 4 },
];

describe('gradeSubmission', () => {
  it('gives every mark for all-correct answers and passes', () => {
    const grade = gradeSubmission(
      questions,
      [
        { question_id: 13, answer: '3' },
        { question_id: 11, answer: 'Kelvin' },
        { question_id: 12, answer: 'Distance' },
      ],
      4,
    );
    expect(grade).toMatchObject({ ok: true, marks: 7, maxMarks: 7, result: 'pass', scoreText: '7/7' });
  });

  it('gives nothing for all-wrong answers and fails', () => {
    const grade = gradeSubmission(
      questions,
      [
        { question_id: 11, answer: 'Watt' },
        { question_id: 12, answer: 'Time' },
        { question_id: 13, answer: '0' },
      ],
      1,
    );
    expect(grade).toMatchObject({ ok: true, marks: 0, result: 'fail', scoreText: '0/7' });
  });

  it('counts unanswered questions as no marks, and nothing answered at all as 0', () => {
    expect(gradeSubmission(questions, [{ question_id: 13, answer: '3' }], 4)).toMatchObject({
      marks: 4,
      result: 'pass',
    });
    expect(gradeSubmission(questions, [], 0)).toMatchObject({ ok: true, marks: 0, result: 'pass' });
    expect(gradeSubmission(questions, [], 1)).toMatchObject({ ok: true, marks: 0, result: 'fail' });
  });

  it('passes at exactly the pass mark and fails one mark below it', () => {
    const answers = [{ question_id: 13, answer: '3' }];
    expect(gradeSubmission(questions, answers, 4)).toMatchObject({ result: 'pass' });
    expect(gradeSubmission(questions, answers, 5)).toMatchObject({ result: 'fail' });
  });

  it('refuses an option the question does not have, naming the question by its number', () => {
    const grade = gradeSubmission(questions, [{ question_id: 12, answer: 'Kelvin' }], 1);
    expect(grade).toEqual({ ok: false, message: '"Kelvin" is not one of the options of question 2.' });
  });

  it('compares options exactly: another case or spacing is not the option', () => {
    expect(gradeSubmission(questions, [{ question_id: 11, answer: 'kelvin' }], 1)).toMatchObject({ ok: false });
    expect(gradeSubmission(questions, [{ question_id: 11, answer: 'Kelvin ' }], 1)).toMatchObject({ ok: false });
  });

  it('refuses a question that is not part of the quiz', () => {
    expect(gradeSubmission(questions, [{ question_id: 99, answer: 'Kelvin' }], 1)).toEqual({
      ok: false,
      message: 'Question 99 is not part of this quiz.',
    });
  });

  it('returns the answers sorted by question id', () => {
    const grade = gradeSubmission(
      questions,
      [
        { question_id: 13, answer: '1' },
        { question_id: 11, answer: 'Joule' },
      ],
      1,
    );
    expect(grade.ok && grade.answers.map((a) => a.question_id)).toEqual([11, 13]);
  });
});

describe('answersHash', () => {
  it('is the same whatever the order of the answers, and differs when an answer differs', () => {
    const a = { question_id: 11, answer: 'Kelvin' };
    const b = { question_id: 12, answer: 'Time' };
    expect(answersHash([a, b])).toBe(answersHash([b, a]));
    expect(answersHash([a, b])).not.toBe(answersHash([a, { question_id: 12, answer: 'Speed' }]));
    expect(answersHash([a])).not.toBe(answersHash([a, b]));
  });
});
