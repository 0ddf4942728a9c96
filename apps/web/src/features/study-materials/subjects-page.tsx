import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { t } from '../../i18n/language.ts';

export default function StudyMaterialSubjectsPage() {
  return (
    <Page title={t('Study Materials')} subtitle={t('Choose Subject')}>
      <SubjectPicker layout={TileList} hrefOf={(id) => `/study-materials-chapter/${id}`} />
    </Page>
  );
}
