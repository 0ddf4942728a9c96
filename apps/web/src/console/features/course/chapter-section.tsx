import type { AuthoredChapter, AuthoredMaterial, AuthoredTopic } from '@portal/contract/console';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type CourseActions, useCourseActions } from './api/course.ts';
import { announce, deleteAskingFirst, ItemActions } from './item-actions.tsx';
import { MaterialForm } from './material-form.tsx';
import { NameForm } from './name-form.tsx';
import { QuizList } from './quiz-list.tsx';
import { TopicForm } from './topic-form.tsx';

/** A chapter: its name, its topics (videos) and its study materials (PDFs), each added, changed, ordered and deleted here. */
export function ChapterSection({ chapter, initiallyOpen }: { chapter: AuthoredChapter; initiallyOpen: boolean }) {
  const actions = useCourseActions();
  const [renaming, setRenaming] = useState(false);
  // Closed, a subject of many chapters fits a phone's screen; open, a chapter shows its items and the forms to add more.
  const [open, setOpen] = useState(initiallyOpen);
  const headingId = `chapter-${chapter.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${headingId}-items`}
              onClick={() => setOpen(!open)}
              className="text-left"
            >
              <span aria-hidden="true" className="mr-2 inline-block w-3">
                {open ? '▾' : '▸'}
              </span>
              {chapter.name}
            </button>
          </h3>
          <p className="text-sm text-slate-700">
            {count(chapter.topics.length, 'topic')} · {count(chapter.materials.length, 'study material')}
            {chapter.quizzes ? ` · ${chapter.quizzes === 1 ? '1 quiz' : `${chapter.quizzes} quizzes`}` : ''}
          </p>
        </div>
        <ItemActions
          name={chapter.name}
          busy={actions.move.isPending || actions.deleteChapter.isPending}
          onMove={(direction) =>
            void announce(actions.move.mutateAsync({ kind: 'chapter', id: chapter.id, direction }))
          }
          onEdit={() => setRenaming(!renaming)}
          onDelete={() => {
            if (window.confirm(`Delete the chapter ${chapter.name}? Only an empty chapter can be deleted.`))
              void announce(actions.deleteChapter.mutateAsync(chapter.id));
          }}
        />
      </div>
      {renaming ? (
        <NameForm
          id={`chapter-name-${chapter.id}`}
          label="Chapter name"
          initial={chapter.name}
          submit="Save name"
          onCancel={() => setRenaming(false)}
          onSave={async (name) => {
            toast.success((await actions.saveChapter.mutateAsync({ id: chapter.id, name })).message);
            setRenaming(false);
          }}
        />
      ) : null}
      {open ? <ChapterItems chapter={chapter} actions={actions} id={`${headingId}-items`} /> : null}
    </section>
  );
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function ChapterItems({ chapter, actions, id }: { chapter: AuthoredChapter; actions: CourseActions; id: string }) {
  return (
    <div id={id} className="space-y-4">
      <h4 className="font-medium">Topics</h4>
      {chapter.topics.length === 0 ? <p className="text-sm text-slate-600">No topics yet.</p> : null}
      <ul aria-label={`Topics of ${chapter.name}`} className="divide-y divide-slate-200">
        {chapter.topics.map((topic) => (
          <TopicRow key={topic.id} topic={topic} actions={actions} />
        ))}
      </ul>
      <TopicForm chapterId={chapter.id} />

      <h4 className="font-medium">Study materials</h4>
      {chapter.materials.length === 0 ? <p className="text-sm text-slate-600">No study materials yet.</p> : null}
      <ul aria-label={`Study materials of ${chapter.name}`} className="divide-y divide-slate-200">
        {chapter.materials.map((material) => (
          <MaterialRow key={material.id} material={material} actions={actions} />
        ))}
      </ul>
      <MaterialForm chapterId={chapter.id} />

      <QuizList chapterId={chapter.id} chapterName={chapter.name} />
    </div>
  );
}

const minutes = (seconds: number | null) =>
  seconds === null ? '' : ` · ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** How far an uploaded video is on its way to the ladder that plays on slow networks (docs/decisions/074). */
function EncodingState({ encoding }: { encoding: AuthoredTopic['encoding'] }) {
  if (!encoding) return null;
  const text = {
    waiting: 'Waiting to be prepared for slow networks; students get the uploaded file meanwhile.',
    running: `Preparing for slow networks: ${Math.floor(encoding.progress * 100)}%. Students get the uploaded file meanwhile.`,
    ready: `Ready for slow networks: ${encoding.heights.map((height) => `${height}p`).join(', ')}.`,
    failed: `Could not be prepared for slow networks (${encoding.error ?? 'unknown reason'}); students get the uploaded file.`,
  }[encoding.state];
  return (
    <p className={`text-sm ${encoding.state === 'failed' ? 'text-red-700' : 'text-slate-700'}`} role="status">
      {text}
    </p>
  );
}

function TopicRow({ topic, actions }: { topic: AuthoredTopic; actions: CourseActions }) {
  const [editing, setEditing] = useState(false);
  const remove = () =>
    deleteAskingFirst((confirm) => actions.deleteTopic.mutateAsync({ id: topic.id, ...(confirm ? { confirm } : {}) }));
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{topic.name}</p>
          <p className="break-all text-sm text-slate-700">
            {topic.video_link.startsWith('/media/') ? (topic.video_name ?? 'Uploaded video') : topic.video_link}
            {minutes(topic.duration_seconds)} · watched by {topic.watched_by}
          </p>
          <EncodingState encoding={topic.encoding} />
        </div>
        <ItemActions
          name={topic.name}
          busy={actions.move.isPending || actions.deleteTopic.isPending}
          onMove={(direction) => void announce(actions.move.mutateAsync({ kind: 'topic', id: topic.id, direction }))}
          onEdit={() => setEditing(!editing)}
          onDelete={() => void remove()}
        />
      </div>
      {editing ? <TopicForm topic={topic} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

function MaterialRow({ material, actions }: { material: AuthoredMaterial; actions: CourseActions }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{material.title}</p>
          <p className="break-all text-sm text-slate-700">
            {material.original_name ?? material.file_name}
            {material.password_protected ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Password protected
              </span>
            ) : null}
          </p>
        </div>
        <ItemActions
          name={material.title}
          busy={actions.move.isPending || actions.deleteMaterial.isPending}
          onMove={(direction) =>
            void announce(actions.move.mutateAsync({ kind: 'material', id: material.id, direction }))
          }
          onEdit={() => setEditing(!editing)}
          onDelete={() => {
            if (window.confirm(`Remove ${material.title} from this chapter?`))
              void announce(actions.deleteMaterial.mutateAsync(material.id));
          }}
        />
      </div>
      {editing ? <MaterialForm material={material} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}
