import { describe, expect, it } from 'vitest';
import { actionName, knownActions } from './action-names.ts';

describe("the audit log's action names", () => {
  it('says a walk-in added by hand and a restored topic or quiz in words, and suggests them in the filter', () => {
    expect(actionName('student.add')).toBe('Student added');
    expect(actionName('topic.restore')).toBe('Topic restored');
    expect(actionName('quiz.restore')).toBe('Quiz restored');
    expect(knownActions).toEqual(expect.arrayContaining(['student.add', 'topic.restore', 'quiz.restore']));
  });
});
