import { useState } from 'react';
import { ShareBar } from '../../components/share-bar.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { useSubjectInsights } from './api/insights.ts';
import { QueryState } from '../../components/query-state.tsx';
import { Table } from '../../components/table-or-cards.tsx';
import { Section } from './parts.tsx';
import { TopicStudents } from './topic-students.tsx';

/**
 * Per topic of a subject: its enrolled students who watched it, and who watched it to the end; choosing a topic lists
 * by name who has not.
 */
export function SubjectReach({
  subjectId,
  subjectName,
  batches,
}: {
  subjectId: number;
  subjectName: string;
  batches: { id: number; name: string }[];
}) {
  const reach = useSubjectInsights(subjectId);
  const [topicId, setTopicId] = useState<number | null>(null);
  const topic = reach.data?.topics.find((row) => row.topic_id === topicId);
  return (
    <>
      <Section
        title={`Who watched what in ${subjectName}`}
        onExport={
          reach.data
            ? () =>
                downloadCsv(
                  `${subjectName} topics.csv`,
                  ['Chapter', 'Topic', 'Watched', 'Watched to the end', 'Enrolled'],
                  reach.data.topics.map((row) => [
                    row.chapter,
                    row.topic,
                    row.watched,
                    row.finished,
                    reach.data.enrolled,
                  ]),
                )
            : undefined
        }
      >
        <QueryState query={reach} isEmpty={(data) => data.topics.length === 0} empty="This subject has no topics yet.">
          {(data) => (
            <>
              <p className="text-slate-700">
                {data.enrolled} {data.enrolled === 1 ? 'student is' : 'students are'} enrolled.
              </p>
              <p className="text-sm text-slate-600">Choose a topic to see, by name, who has not watched it.</p>
              <Table
                caption={`Topics of ${subjectName}`}
                head={['Chapter', 'Topic', 'Watched', 'To the end']}
                rows={data.topics.map((row) => ({
                  key: row.topic_id,
                  cells: [
                    row.chapter,
                    <button
                      key="t"
                      type="button"
                      aria-pressed={row.topic_id === topicId}
                      title="List by name who has not watched it"
                      onClick={() => setTopicId(row.topic_id)}
                      className="text-left font-medium text-blue-800 underline aria-pressed:text-slate-900 aria-pressed:no-underline"
                    >
                      {row.topic}
                    </button>,
                    <ShareBar key="w" value={row.watched} of={data.enrolled} />,
                    <ShareBar key="f" value={row.finished} of={data.enrolled} />,
                  ],
                }))}
              />
            </>
          )}
        </QueryState>
      </Section>
      {topic ? (
        <TopicStudents key={topic.topic_id} topicId={topic.topic_id} topicName={topic.topic} batches={batches} />
      ) : null}
    </>
  );
}
