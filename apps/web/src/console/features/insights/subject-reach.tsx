import { ShareBar } from '../../components/share-bar.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { useSubjectInsights } from './api/insights.ts';
import { QueryState } from '../../components/query-state.tsx';
import { Section, Table } from './parts.tsx';

/** Per topic of a subject: its enrolled students who watched it, and who watched it to the end. */
export function SubjectReach({ subjectId, subjectName }: { subjectId: number; subjectName: string }) {
  const reach = useSubjectInsights(subjectId);
  return (
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
            <Table
              caption={`Topics of ${subjectName}`}
              head={['Chapter', 'Topic', 'Watched', 'To the end']}
              rows={data.topics.map((row) => ({
                key: row.topic_id,
                cells: [
                  row.chapter,
                  row.topic,
                  <ShareBar key="w" value={row.watched} of={data.enrolled} />,
                  <ShareBar key="f" value={row.finished} of={data.enrolled} />,
                ],
              }))}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}
