import { useSubjects } from '../../api/get-subjects.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';

/** My Subjects: the student's subjects as cards, each to its chapters. */
export default function SubjectsPage() {
  const subjects = useSubjects();
  return (
    <Page title="My Subjects">
      <QueryView query={subjects}>
        {(list) => (
          <CardGrid
            label="My subjects"
            items={list.map((subject) => ({
              key: subject.subject_id,
              title: subject.subject_name,
              thumbnail: subject.thumbnail,
              href: `/chapters/${subject.subject_id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
