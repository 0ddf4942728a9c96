import type { UseQueryResult } from '@tanstack/react-query';
import type { Chapter } from '@portal/contract';
import type { CardGrid } from './card-grid.tsx';
import { QueryView } from './query-view.tsx';
import type { TileList } from './tile-list.tsx';
import { t } from '../i18n/language.ts';

/**
 * A subject's chapters, each leading to `hrefOf(chapter_id)`, laid out as cards or tiles; with
 * `showSubject` the subject's name heads the list.
 */
export function ChapterPicker({
  chapters,
  layout: List,
  hrefOf,
  showSubject = false,
}: {
  chapters: UseQueryResult<Chapter[]>;
  layout: typeof CardGrid | typeof TileList;
  hrefOf: (chapterId: number) => string;
  showSubject?: boolean;
}) {
  return (
    <QueryView query={chapters}>
      {(list) => (
        <>
          {showSubject ? <h2 className="mb-4 text-xl font-semibold">{list[0]?.subject_name}</h2> : null}
          <List
            label={t('Chapters')}
            items={list.map((chapter) => ({
              key: chapter.chapter_id,
              title: chapter.chapter_name,
              href: hrefOf(chapter.chapter_id),
            }))}
          />
        </>
      )}
    </QueryView>
  );
}
