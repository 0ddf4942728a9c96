import { useState } from 'react';
import { SelectField } from '../../components/select-field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ShareBar } from '../../components/share-bar.tsx';
import { type ScopeList, useScopeStudents } from './api/insights.ts';
import { ListControls } from './list-controls.tsx';
import { Section } from './parts.tsx';
import { StudentList } from './student-list.tsx';

const lists: { value: ScopeList; label: string; everyone: string; nothing: string }[] = [
  {
    value: 'not_watched_all',
    label: 'Not watched everything',
    everyone: 'has watched every topic',
    nothing: 'There are no topics here yet.',
  },
  {
    value: 'not_attempted_all',
    label: 'Quizzes not attempted',
    everyone: 'has attempted every quiz',
    nothing: 'There are no quizzes here yet.',
  },
];

/**
 * Who is behind on a whole subject or one of its chapters, by name: who has not watched every topic of it to the end
 * (with how many they finished), or not attempted every quiz of it (with how many they attempted and passed), for one
 * batch or all.
 */
export function ScopeStudents({
  subjectId,
  subjectName,
  chapters,
  batches,
}: {
  subjectId: number;
  subjectName: string;
  chapters: { id: number; name: string }[];
  batches: { id: number; name: string }[];
}) {
  const [chapterId, setChapterId] = useState<number | null>(null);
  const [list, setList] = useState<ScopeList>('not_watched_all');
  const [batchId, setBatchId] = useState<number | null>(null);
  const students = useScopeStudents(subjectId, chapterId, batchId, list);
  const chosen = lists.find((option) => option.value === list)!;
  const scopeName = chapters.find((chapter) => chapter.id === chapterId)?.name ?? subjectName;
  const empty =
    students.data?.out_of === 0
      ? chosen.nothing
      : `Everyone${batchId ? ' in this batch' : ''} ${chosen.everyone} of ${scopeName}${list === 'not_watched_all' ? ' to the end' : ''}.`;
  return (
    <Section title={`Who is behind in ${subjectName}`} onExport={undefined}>
      <p className="text-sm text-slate-600">
        For the whole subject or one chapter: who has not watched all of it, or not attempted all its quizzes.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id="scope-students-chapter"
          label="Chapter"
          value={chapterId ?? ''}
          fullWidth={false}
          onChange={(value) => setChapterId(value ? Number(value) : null)}
        >
          <option value="">All chapters</option>
          {chapters.map((chapter) => (
            <option key={chapter.id} value={chapter.id}>
              {chapter.name}
            </option>
          ))}
        </SelectField>
        <ListControls
          id="scope-students"
          lists={lists}
          list={list}
          onList={setList}
          batches={batches}
          batchId={batchId}
          onBatch={setBatchId}
        />
      </div>
      <QueryState query={students} isEmpty={(data) => data.total === 0} empty={empty}>
        {(data) => (
          <StudentList
            id="scope-students"
            caption={`${chosen.label}: ${scopeName}`}
            fileName={`${scopeName} ${chosen.label.toLowerCase()}.csv`}
            total={data.total}
            rows={data.students}
            progress={(row) => (list === 'not_watched_all' ? (row.finished ?? 0) : (row.attempted ?? 0))}
            extra={
              list === 'not_watched_all'
                ? [
                    {
                      head: 'Topics finished',
                      cell: (row) => <ShareBar key="f" value={row.finished ?? 0} of={data.out_of} />,
                      csv: (row) => row.finished ?? 0,
                    },
                    { head: 'Topics started', csv: (row) => row.started ?? 0 },
                    { head: 'Topics in all', csv: () => data.out_of },
                  ]
                : [
                    {
                      head: 'Quizzes attempted',
                      cell: (row) => <ShareBar key="a" value={row.attempted ?? 0} of={data.out_of} />,
                      csv: (row) => row.attempted ?? 0,
                    },
                    { head: 'Passed', cell: (row) => row.passed ?? 0, csv: (row) => row.passed ?? 0 },
                    { head: 'Quizzes in all', csv: () => data.out_of },
                  ]
            }
          />
        )}
      </QueryState>
    </Section>
  );
}
