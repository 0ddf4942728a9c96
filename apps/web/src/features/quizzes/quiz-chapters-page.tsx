import { useParams } from 'wouter';
import { useChapters } from '../../api/get-chapters.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { ChapterPicker } from '../../components/chapter-picker.tsx';
import { Page } from '../../components/layout/page.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { t } from '../../i18n/language.ts';

export default function QuizChaptersPage() {
  const chapters = useChapters(numericParam(useParams<{ subId: string }>().subId));
  return (
    <Page title={t('Quiz')} subtitle={t('Choose Chapter')}>
      <ChapterPicker chapters={chapters} layout={CardGrid} hrefOf={(id) => `/quiz-list/${id}`} showSubject />
    </Page>
  );
}
