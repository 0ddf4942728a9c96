import { useParams } from 'wouter';
import { useChapters } from '../../api/get-chapters.ts';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { numericParam } from '../../lib/route-params.ts';

export default function StudyMaterialChaptersPage() {
  const subjectId = numericParam(useParams<{ subId: string }>().subId);
  const chapters = useChapters(subjectId);
  return (
    <Page title="Study Materials" subtitle="Choose Chapter">
      <QueryView query={chapters}>
        {(list) => (
          <TileList
            label="Chapters"
            items={list.map((c) => ({
              key: c.chapter_id,
              title: c.chapter_name,
              href: `/study-materials/${subjectId}/${c.chapter_id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
