import { useParams } from 'wouter';
import { useChapters } from '../../api/get-chapters.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';

export default function QuizChaptersPage() {
  const subjectId = numericParam(useParams<{ subId: string }>().subId);
  const chapters = useChapters(subjectId);
  return (
    <Page title="Quiz" subtitle="Choose Chapter">
      <QueryView query={chapters}>
        {(list) => (
          <>
            <h2 className="mb-4 text-xl font-semibold">{list[0]?.subject_name}</h2>
            <CardGrid
              label="Chapters"
              items={list.map((c) => ({ key: c.chapter_id, title: c.chapter_name, href: `/quiz-list/${c.chapter_id}` }))}
            />
          </>
        )}
      </QueryView>
    </Page>
  );
}
