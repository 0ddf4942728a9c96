import { useState } from 'react';
import { useSearch } from 'wouter';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useCatalogue } from './api/insights.ts';
import { QuizResults } from './quiz-results.tsx';
import { QuizStudents } from './quiz-students.tsx';
import { ScopeStudents } from './scope-students.tsx';
import { StudentProgress } from './student-progress.tsx';
import { SubjectReach } from './subject-reach.tsx';

/**
 * /console/insights: how students are doing, by subject, by quiz and by student, and who is behind by name (on a
 * topic, a quiz, a chapter or the whole subject); every table downloads as CSV. `?student=` (where every listed name links) opens that student's progress.
 */
export default function InsightsPage() {
  const linked = Number(new URLSearchParams(useSearch()).get('student')) || null;
  const catalogue = useCatalogue();
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [quizId, setQuizId] = useState<number | null>(null);
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Insights" />
      <QueryState query={catalogue} empty="There are no subjects yet. Import a course first.">
        {(subjects) => {
          const subject = subjects.find((s) => s.id === subjectId);
          const quizzes =
            subject?.chapters.flatMap((chapter) =>
              chapter.quizzes.map((quiz) => ({ ...quiz, chapter: chapter.name })),
            ) ?? [];
          const quiz = quizzes.find((q) => q.id === quizId);
          return (
            <div className="space-y-4">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <SelectField
                  id="insights-subject"
                  label="Subject"
                  value={subjectId ?? ''}
                  onChange={(value) => {
                    setSubjectId(value ? Number(value) : null);
                    setQuizId(null);
                  }}
                >
                  <option value="">Choose a subject</option>
                  {subjects.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  id="insights-quiz"
                  label="Quiz"
                  value={quizId ?? ''}
                  disabled={quizzes.length === 0}
                  onChange={(value) => setQuizId(value ? Number(value) : null)}
                >
                  <option value="">
                    {subject
                      ? quizzes.length
                        ? 'Choose a quiz'
                        : 'This subject has no quizzes'
                      : 'Choose a subject first'}
                  </option>
                  {quizzes.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.chapter} · {q.name}
                    </option>
                  ))}
                </SelectField>
              </div>
              {subject ? (
                <>
                  <SubjectReach
                    key={subject.id}
                    subjectId={subject.id}
                    subjectName={subject.name}
                    batches={subject.batches}
                  />
                  <ScopeStudents
                    key={`behind-${subject.id}`}
                    subjectId={subject.id}
                    subjectName={subject.name}
                    chapters={subject.chapters}
                    batches={subject.batches}
                  />
                </>
              ) : null}
              {quiz && subject ? (
                <>
                  <QuizResults quizId={quiz.id} quizName={quiz.name} />
                  <QuizStudents key={quiz.id} quizId={quiz.id} quizName={quiz.name} batches={subject.batches} />
                </>
              ) : null}
            </div>
          );
        }}
      </QueryState>
      <section aria-labelledby="insights-students" className="space-y-3">
        <h2 id="insights-students" className="text-lg font-semibold">
          A student’s progress
        </h2>
        <StudentProgress key={linked} linked={linked} />
      </section>
    </div>
  );
}
