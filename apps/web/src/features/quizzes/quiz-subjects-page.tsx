import { useSubjects } from '../../api/get-subjects.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';

export default function QuizSubjectsPage() {
  const subjects = useSubjects();
  return (
    <Page title="Quiz" subtitle="Choose Subject">
      <QueryView query={subjects}>
        {(list) => (
          <CardGrid
            label="Subjects"
            items={list.map((s) => ({
              key: s.subject_id,
              title: s.subject_name,
              thumbnail: s.thumbnail,
              href: `/quiz-chapters/${s.subject_id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
