import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { TileList } from '../../components/tile-list.tsx';

export default function StudyMaterialSubjectsPage() {
  return (
    <Page title="Study Materials" subtitle="Choose Subject">
      <SubjectPicker layout={TileList} hrefOf={(id) => `/study-materials-chapter/${id}`} />
    </Page>
  );
}
