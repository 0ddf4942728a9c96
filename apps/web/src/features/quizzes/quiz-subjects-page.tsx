import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';

export default function QuizSubjectsPage() {
  return (
    <Page title="Quiz" subtitle="Choose Subject">
      <SubjectPicker layout={CardGrid} hrefOf={(id) => `/quiz-chapters/${id}`} />
    </Page>
  );
}
