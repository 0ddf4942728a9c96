import { Page } from '../../components/layout/page.tsx';
import { SubjectPicker } from '../../components/subject-picker.tsx';
import { TileList } from '../../components/tile-list.tsx';

export default function LiveSubjectsPage() {
  return (
    <Page title="Live Classes">
      <SubjectPicker layout={TileList} hrefOf={(id) => `/live-batches/${id}`} />
    </Page>
  );
}
