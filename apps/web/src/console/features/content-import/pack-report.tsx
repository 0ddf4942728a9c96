import type { ContentPackProblem } from '@portal/contract/console';

export interface PackCounts {
  new: number;
  updated: number;
  unchanged: number;
}

/** What the importer found: every problem with its place in content.yaml, or what committing would change. */
export function PackReport({ problems, counts }: { problems: ContentPackProblem[]; counts: PackCounts | null }) {
  if (problems.length || !counts) {
    return (
      <section
        aria-labelledby="problems-heading"
        className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 dark:bg-transparent"
      >
        <h2 id="problems-heading" className="text-lg font-semibold">
          {problems.length} {problems.length === 1 ? 'problem' : 'problems'}: nothing can be stored
        </h2>
        <p>Fix them in the pack, zip it again and choose it again.</p>
        <ul className="list-inside list-disc space-y-1 text-sm">
          {problems.map((problem, i) => (
            <li key={i} className="break-words">
              <code className="rounded bg-slate-100 px-1 text-slate-900">{problem.place}</code>: {problem.message}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section aria-labelledby="summary-heading" className="space-y-2">
      <h2 id="summary-heading" className="text-lg font-semibold">
        The pack is ready to import
      </h2>
      <dl className="grid max-w-md grid-cols-3 gap-2 text-center">
        {(['new', 'updated', 'unchanged'] as const).map((key) => (
          <div key={key} className="rounded-lg border border-slate-300 p-2">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{key}</dt>
            <dd className="text-2xl font-semibold">{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
