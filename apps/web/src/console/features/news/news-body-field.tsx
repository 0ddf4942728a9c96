import { Component, type ReactNode, Suspense } from 'react';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';

// Tiptap is about 130 KB of gzipped JavaScript: a chunk of its own, fetched when the news page opens an item,
// never part of the console's first load nor of the student app (docs/decisions/059-news-rich-text-editor.md).
export const RichTextEditor = preloadableLazy(() => import('./rich-text/rich-text-editor.tsx'));

const id = 'news-body';

/**
 * The news item's text: a rich-text editor whose toolbar makes paragraphs, bold, italics, lists and links. Until
 * its code is here it says so; should the code fail to load, a plain text box takes its place (the server turns
 * typed paragraphs into HTML), so a notice can still be written.
 */
export function NewsBodyField({
  initialHtml,
  onChange,
  problem,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  problem: string | undefined;
}) {
  const describedBy = `${id}-hint ${id}-problem`;
  return (
    <div className="space-y-1">
      <p id={`${id}-label`} className="block font-medium">
        Text
      </p>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Enter starts a new paragraph. Select words, then press Bold, Italic or Link; a list starts with its button.
      </p>
      <EditorLoadBoundary
        fallback={
          <textarea
            id={id}
            defaultValue={initialHtml}
            onChange={(event) => onChange(event.target.value)}
            rows={8}
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            className="w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        }
      >
        <Suspense
          fallback={
            <p
              role="status"
              className="flex min-h-60 items-center justify-center rounded-lg border border-slate-300 text-slate-600"
            >
              Loading the editor…
            </p>
          }
        >
          <RichTextEditor
            id={id}
            initialHtml={initialHtml}
            onChange={onChange}
            labelledBy={`${id}-label`}
            describedBy={describedBy}
            invalid={Boolean(problem)}
          />
        </Suspense>
      </EditorLoadBoundary>
      <p id={`${id}-problem`} className="min-h-5 text-sm text-red-700">
        {problem}
      </p>
    </div>
  );
}

/** When the editor's code cannot be loaded (its retries spent), the plain text box instead of the page's error. */
class EditorLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
