import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { QueryState } from '../../components/query-state.tsx';
import { useAuthoredSubject, useCourseActions } from './api/course.ts';
import { ChapterSection } from './chapter-section.tsx';
import { smallButton } from './item-actions.tsx';
import { NameForm } from './name-form.tsx';
import { ScheduleSection } from './schedule-section.tsx';

/** One subject: rename it, and add, order, rename and fill its chapters. */
export function SubjectEditor({ subjectId }: { subjectId: number }) {
  const subject = useAuthoredSubject(subjectId);
  const { saveSubject, saveChapter } = useCourseActions();
  const [renaming, setRenaming] = useState(false);
  // The chapter just added opens, ready for its topics.
  const [added, setAdded] = useState<number | null>(null);
  return (
    <div className="space-y-6">
      <Link href="/course" className="text-blue-800 underline underline-offset-2">
        ← All subjects
      </Link>
      <QueryState query={subject} empty="" isEmpty={() => false}>
        {({ subject: current, chapters }) => (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-xl font-semibold">{current.name}</h2>
              <button
                type="button"
                onClick={() => setRenaming(!renaming)}
                aria-expanded={renaming}
                className={smallButton}
              >
                Rename
              </button>
            </div>
            {renaming ? (
              <NameForm
                id="subject-name"
                label="Subject name"
                initial={current.name}
                submit="Save name"
                onCancel={() => setRenaming(false)}
                onSave={async (name) => {
                  toast.success(
                    (await saveSubject.mutateAsync({ id: current.id, name, thumbnail: current.thumbnail })).message,
                  );
                  setRenaming(false);
                }}
              />
            ) : null}
            {chapters.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
                No chapters yet. Add the first one below.
              </p>
            ) : (
              chapters.map((chapter) => (
                <ChapterSection
                  key={chapter.id}
                  chapter={chapter}
                  initiallyOpen={chapters.length === 1 || chapter.id === added}
                />
              ))
            )}
            <section
              aria-labelledby="add-chapter"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <h3 id="add-chapter" className="font-semibold">
                Add a chapter
              </h3>
              <NameForm
                id="new-chapter-name"
                label="Chapter name"
                submit="Add chapter"
                onSave={async (name) => {
                  const answer = await saveChapter.mutateAsync({ subject_id: current.id, name });
                  setAdded(answer.data.id);
                  toast.success(answer.message);
                }}
              />
            </section>
            <ScheduleSection subjectId={current.id} />
          </>
        )}
      </QueryState>
    </div>
  );
}
