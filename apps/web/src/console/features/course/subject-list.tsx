import type { AuthoredSubject } from '@portal/contract/console';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { QueryState } from '../../components/query-state.tsx';
import { useAuthoredSubjects, useCourseActions } from './api/course.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { announce, ItemActions, smallButton } from './item-actions.tsx';
import { NameForm } from './name-form.tsx';

/** Every subject in students' order: open one to author it, add one, reorder, delete an empty one. */
export function SubjectList({ onAdded }: { onAdded: (subjectId: number) => void }) {
  const subjects = useAuthoredSubjects();
  const { saveSubject } = useCourseActions();
  return (
    <div className="space-y-6">
      <QueryState query={subjects} empty="No subjects yet. Add the first one below.">
        {(items) => (
          <ul aria-label="Subjects" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.map((subject) => (
              <SubjectRow key={subject.id} subject={subject} />
            ))}
          </ul>
        )}
      </QueryState>
      <section aria-labelledby="add-subject" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-subject" className="font-semibold">
          Add a subject
        </h2>
        <NameForm
          id="new-subject-name"
          label="Subject name"
          submit="Add subject"
          onSave={async (name) => {
            const answer = await saveSubject.mutateAsync({ name });
            toast.success(answer.message);
            onAdded(answer.data.id);
          }}
        />
      </section>
    </div>
  );
}

function SubjectRow({ subject }: { subject: AuthoredSubject }) {
  const { move, deleteSubject, saveSubject } = useCourseActions();
  const [picture, setPicture] = useState(false);
  const busy = move.isPending || deleteSubject.isPending || saveSubject.isPending;
  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {subject.thumbnail ? (
            <img src={subject.thumbnail} alt="" width={48} height={48} className="size-12 rounded-md object-cover" />
          ) : (
            <span aria-hidden="true" className="size-12 rounded-md bg-slate-200" />
          )}
          <div className="min-w-0">
            <Link
              href={`/course?subject=${subject.id}`}
              className="font-medium text-blue-800 underline underline-offset-2"
            >
              {subject.name}
            </Link>
            <p className="text-sm text-slate-700">
              {subject.chapters} {subject.chapters === 1 ? 'chapter' : 'chapters'} · {subject.students}{' '}
              {subject.students === 1 ? 'student' : 'students'}
            </p>
            {subject.thumbnail_name ? (
              <p className="text-sm break-all text-slate-600">Picture: {subject.thumbnail_name}</p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setPicture(!picture)}
            aria-expanded={picture}
            aria-label={`Picture of ${subject.name}`}
            className={smallButton}
          >
            Picture
          </button>
          <ItemActions
            name={subject.name}
            busy={busy}
            onMove={(direction) => void announce(move.mutateAsync({ kind: 'subject', id: subject.id, direction }))}
            onDelete={() => {
              if (
                window.confirm(
                  `Delete ${subject.name}? Only a subject with no chapters, batches or students can be deleted.`,
                )
              )
                void announce(deleteSubject.mutateAsync(subject.id));
            }}
          />
        </div>
      </div>
      {picture ? (
        <FileUpload
          id={`subject-picture-${subject.id}`}
          label={`New picture for ${subject.name}`}
          kind="picture"
          hint="PNG, JPEG or WebP, square, at most a few hundred KB: students on mobile data load it."
          onUploaded={(answer) => {
            setPicture(false);
            void announce(saveSubject.mutateAsync({ id: subject.id, name: subject.name, thumbnail: answer.address }));
          }}
        />
      ) : null}
    </li>
  );
}
