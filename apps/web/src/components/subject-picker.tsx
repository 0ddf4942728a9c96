import { useSubjects } from '../api/get-subjects.ts';
import type { CardGrid } from './card-grid.tsx';
import { QueryView } from './query-view.tsx';
import type { TileList } from './tile-list.tsx';
import { t } from '../i18n/language.ts';

/**
 * The student's subjects, each leading to `hrefOf(subject_id)`: the first step of every browse flow
 * (My Subjects, live classes, study materials, quizzes), laid out as cards or tiles.
 */
export function SubjectPicker({
  layout: List,
  hrefOf,
  label = t('Subjects'),
}: {
  layout: typeof CardGrid | typeof TileList;
  hrefOf: (subjectId: number) => string;
  label?: string;
}) {
  const subjects = useSubjects();
  return (
    <QueryView query={subjects}>
      {(list) => (
        <List
          label={label}
          items={list.map((subject) => ({
            key: subject.subject_id,
            title: subject.subject_name,
            thumbnail: subject.thumbnail,
            href: hrefOf(subject.subject_id),
          }))}
        />
      )}
    </QueryView>
  );
}
