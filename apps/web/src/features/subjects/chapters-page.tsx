import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { useChapters } from '../../api/get-chapters.ts';
import { subjectsQuery } from '../../api/get-subjects.ts';
import { ChapterPicker } from '../../components/chapter-picker.tsx';
import { Page } from '../../components/layout/page.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useStudentId } from '../../lib/session-store.ts';
import { t } from '../../i18n/language.ts';

/** A subject's chapters, titled with the subject's name; each to its topics. */
export default function ChaptersPage() {
  const subjectId = numericParam(useParams<{ subId: string }>().subId);
  const chapters = useChapters(subjectId);
  // Coming from My Subjects the name is already known, so the title does not wait for the chapters.
  const cached = useQueryClient().getQueryData(subjectsQuery(useStudentId()).queryKey);
  const title =
    chapters.data?.[0]?.subject_name ?? cached?.find((s) => s.subject_id === subjectId)?.subject_name ?? t('Chapters');
  return (
    <Page title={title}>
      <ChapterPicker chapters={chapters} layout={TileList} hrefOf={(id) => `/topic/${id}`} />
    </Page>
  );
}
