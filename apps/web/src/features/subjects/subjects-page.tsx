import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { t } from '../../i18n/language.ts';

/** My Subjects: the student's subjects as cards, each to its chapters. */
export default function SubjectsPage() {
  return (
    <Page title={t('My Subjects')}>
      <SubjectPicker layout={CardGrid} label={t('My subjects')} hrefOf={(id) => `/chapters/${id}`} />
    </Page>
  );
}
