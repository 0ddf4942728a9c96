import { useParams } from 'wouter';
import { useChapters } from '../../api/get-chapters.ts';
import { ChapterPicker } from '../../components/chapter-picker.tsx';
import { Page } from '../../components/layout/page.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { t } from '../../i18n/language.ts';

export default function StudyMaterialChaptersPage() {
  const subjectId = numericParam(useParams<{ subId: string }>().subId);
  const chapters = useChapters(subjectId);
  return (
    <Page title={t('Study Materials')} subtitle={t('Choose Chapter')}>
      <ChapterPicker chapters={chapters} layout={TileList} hrefOf={(id) => `/study-materials/${subjectId}/${id}`} />
    </Page>
  );
}
