import { useSubjects } from '../../api/get-subjects.ts';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { TileList } from '../../components/tile-list.tsx';

export default function StudyMaterialSubjectsPage() {
  const subjects = useSubjects();
  return (
    <Page title="Study Materials" subtitle="Choose Subject">
      <QueryView query={subjects}>
        {(list) => (
          <TileList
            label="Subjects"
            items={list.map((s) => ({
              key: s.subject_id,
              title: s.subject_name,
              thumbnail: s.thumbnail,
              href: `/study-materials-chapter/${s.subject_id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
