/**
 * A share as a bar beside its figure (`3 of 40`): the chart is drawn with CSS, so it costs the console no library
 * (docs/decisions/044); the figure says the same in words for a screen reader.
 */
export function ShareBar({ value, of, tone = 'blue' }: { value: number; of: number; tone?: 'blue' | 'red' }) {
  const percent = of > 0 ? Math.round((value / of) * 100) : 0;
  return (
    <span className="flex min-w-40 items-center gap-2">
      <span aria-hidden="true" className="h-2.5 w-24 shrink-0 overflow-hidden rounded-full bg-slate-200">
        <span
          className={`block h-full rounded-full ${tone === 'red' ? 'bg-red-600' : 'bg-blue-600'}`}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="tabular-nums">
        {value} of {of} ({percent}%)
      </span>
    </span>
  );
}
