import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { t } from '../../i18n/language.ts';

export default function QuizSubjectsPage() {
  return (
    <Page title={t('Quiz')} subtitle={t('Choose Subject')}>
      <SubjectPicker layout={CardGrid} hrefOf={(id) => `/quiz-chapters/${id}`} />
    </Page>
  );
}
