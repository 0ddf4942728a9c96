import type { UseQueryResult } from '@tanstack/react-query';
import { usePreview } from './api/messages.ts';

type Preview = NonNullable<ReturnType<typeof usePreview>['data']>;

/** The text the first recipient gets, who else gets it, and what is still to fill in. */
export function PreviewBox({ preview, waiting }: { preview: UseQueryResult<Preview>; waiting: boolean }) {
  if (waiting) return <p className="text-slate-600">Choose a template and who it goes to, to see the message.</p>;
  if (preview.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
        {preview.error.message}
      </p>
    );
  if (!preview.data) return <p className="text-slate-600">Preparing the preview…</p>;
  const { recipients, left_out: leftOut, first, unfilled } = preview.data;
  return (
    <section aria-labelledby="message-preview-heading" aria-live="polite" className="space-y-2">
      <h2 id="message-preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      {first ? (
        <>
          <p className="text-sm text-slate-600">As {first.student_name} will read it:</p>
          <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-300 bg-white p-3">
            {first.text}
          </p>
        </>
      ) : null}
      <p className="font-medium">
        {recipients === 0
          ? 'None of these students can be texted.'
          : `${recipients} ${recipients === 1 ? 'student' : 'students'} will get it.`}
        {leftOut > 0 ? ` ${leftOut} chosen ${leftOut === 1 ? 'is' : 'are'} left out (deactivated or removed).` : ''}
      </p>
      {unfilled.length > 0 ? (
        <p className="text-amber-800">Still to fill in: {unfilled.map((name) => `{${name}}`).join(', ')}</p>
      ) : null}
    </section>
  );
}

/** What the send will cost, said before anyone presses Send. */
export function CostWarning({ preview }: { preview: Preview }) {
  if (preview.recipients === 0) return null;
  const cost = new Intl.NumberFormat('en-IN', { style: 'currency', currency: preview.currency }).format(preview.cost);
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
      This sends {preview.recipients} {preview.recipients === 1 ? 'text' : 'texts'} of {preview.parts} SMS{' '}
      {preview.parts === 1 ? 'part' : 'parts'} each: about {cost}, charged by the institute&apos;s SMS gateway. Texts
      cannot be called back once sent.
    </p>
  );
}
