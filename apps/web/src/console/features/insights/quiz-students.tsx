import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { QueryState } from '../../components/query-state.tsx';
import { type QuizList, useQuizStudents } from './api/insights.ts';
import { ListControls } from './list-controls.tsx';
import { Section } from './parts.tsx';
import { StudentList } from './student-list.tsx';

const lists: { value: QuizList; label: string; empty: string }[] = [
  { value: 'not_attempted', label: 'Not attempted', empty: 'Everyone in this batch has attempted it.' },
  { value: 'failed', label: 'Failed', empty: 'Nobody in this batch failed it (by their best attempt).' },
];

/** A quiz's students, by name, who have not attempted it or whose best attempt failed, for one batch or all. */
export function QuizStudents({
  quizId,
  quizName,
  batches,
}: {
  quizId: number;
  quizName: string;
  batches: { id: number; name: string }[];
}) {
  const [list, setList] = useState<QuizList>('not_attempted');
  const [batchId, setBatchId] = useState<number | null>(null);
  const students = useQuizStudents(quizId, batchId, list);
  const chosen = lists.find((option) => option.value === list)!;
  return (
    <Section title={`Who to follow up on ${quizName}`} onExport={undefined}>
      <ListControls
        id="quiz-students"
        lists={lists}
        list={list}
        onList={setList}
        batches={batches}
        batchId={batchId}
        onBatch={setBatchId}
      />
      <QueryState query={students} isEmpty={(data) => data.total === 0} empty={chosen.empty}>
        {(data) => (
          <StudentList
            id="quiz-students"
            caption={`${chosen.label}: ${quizName}`}
            fileName={`${quizName} ${chosen.label.toLowerCase()}.csv`}
            total={data.total}
            rows={data.students}
            extra={
              list === 'failed'
                ? [
                    {
                      head: 'Best score',
                      cell: (row) => `${row.best_marks}/${row.max_marks}`,
                      csv: (row) => row.best_marks ?? '',
                    },
                    { head: 'Out of', csv: (row) => row.max_marks ?? '' },
                    { head: 'Attempts', cell: (row) => row.attempts, csv: (row) => row.attempts },
                    {
                      head: 'Latest attempt',
                      cell: (row) => (row.latest_attempt ? formatDateTime(row.latest_attempt, 'dateTime') : ''),
                      csv: (row) => row.latest_attempt ?? '',
                    },
                  ]
                : []
            }
          />
        )}
      </QueryState>
    </Section>
  );
}
