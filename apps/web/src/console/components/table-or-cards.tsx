import type { ReactNode } from 'react';

const isEmpty = (content: ReactNode) => content === '' || content === null || content === undefined;

/**
 * A table on a wider screen; on a phone each row becomes a card of "heading: value" lines, so no column is hidden
 * sideways in a box a phone shows no scrollbar for (docs/decisions/060-console-on-a-phone.md). Only one of the two is
 * displayed, so a screen reader meets the rows once. Insights' lists and the student import's preview use it.
 */
export function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: number; cells: ReactNode[] }[];
}) {
  return (
    <>
      <ul aria-label={caption} className="space-y-2 sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className="rounded-md border border-slate-200 p-3">
            <dl className="space-y-1 text-sm">
              {row.cells.map((content, index) =>
                // A card leaves out a line with nothing in it (no reason for a text that was sent).
                isEmpty(content) ? null : (
                  <div key={index} className="flex flex-wrap items-center justify-between gap-x-3">
                    <dt className="text-slate-600">{head[index]}</dt>
                    <dd className="min-w-0 wrap-anywhere">{content}</dd>
                  </div>
                ),
              )}
            </dl>
          </li>
        ))}
      </ul>
      {/* Focusable, so a keyboard can scroll a table wider than a tablet (axe: scrollable-region-focusable). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700 sm:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-slate-600">
              {head.map((name) => (
                <th key={name} scope="col" className="py-2 pr-4 font-medium">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100 align-middle">
                {row.cells.map((content, index) => (
                  <td key={index} className="py-2 pr-4">
                    {content}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
