import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { t } from '../../i18n/language.ts';

export default function LiveSubjectsPage() {
  return (
    <Page title={t('Live Classes')}>
      <SubjectPicker layout={TileList} hrefOf={(id) => `/live-batches/${id}`} />
    </Page>
  );
}
