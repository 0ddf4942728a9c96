import { useState } from 'react';
import { QueryState } from '../../components/query-state.tsx';
import { type TopicList, useTopicStudents } from './api/insights.ts';
import { ListControls } from './list-controls.tsx';
import { Section } from './parts.tsx';
import { StudentList } from './student-list.tsx';

const lists: { value: TopicList; label: string; empty: string }[] = [
  { value: 'not_watched', label: 'Not watched', empty: 'Everyone in this batch has watched it.' },
  { value: 'not_finished', label: 'Stopped before the end', empty: 'Nobody in this batch stopped before the end.' },
];

/** A topic's students, by name, who have not watched it or stopped before its end, for one batch or all. */
export function TopicStudents({
  topicId,
  topicName,
  batches,
}: {
  topicId: number;
  topicName: string;
  batches: { id: number; name: string }[];
}) {
  const [list, setList] = useState<TopicList>('not_watched');
  const [batchId, setBatchId] = useState<number | null>(null);
  const students = useTopicStudents(topicId, batchId, list);
  const chosen = lists.find((option) => option.value === list)!;
  return (
    <Section title={`Who has not watched ${topicName}`} onExport={undefined}>
      <ListControls
        id="topic-students"
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
            id="topic-students"
            caption={`${chosen.label}: ${topicName}`}
            fileName={`${topicName} ${chosen.label.toLowerCase()}.csv`}
            total={data.total}
            rows={data.students}
            extra={
              list === 'not_finished'
                ? [
                    {
                      head: 'How far',
                      cell: (row) =>
                        row.duration_seconds
                          ? `${Math.round(((row.position_seconds ?? 0) / row.duration_seconds) * 100)}%`
                          : `${Math.round(row.position_seconds ?? 0)} s`,
                      csv: (row) => Math.round(row.position_seconds ?? 0),
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
