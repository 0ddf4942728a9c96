import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';

/** My Subjects: the student's subjects as cards, each to its chapters. */
export default function SubjectsPage() {
  return (
    <Page title="My Subjects">
      <SubjectPicker layout={CardGrid} label="My subjects" hrefOf={(id) => `/chapters/${id}`} />
    </Page>
  );
}
