import { useMemo } from 'react';
import { type HtmlKind, sanitizeHtml } from './sanitize-html.ts';

// No typography plugin: just enough styling for what editors write in news.
const richClass =
  '[&_a:any-link]:font-medium [&_a:any-link]:text-blue-700 [&_a:any-link]:underline [&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 ' +
  '[&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 ' +
  '[&_h3]:font-semibold [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_table]:block [&_table]:overflow-x-auto ' +
  '[&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_strong]:font-semibold break-words';

/** HTML from the server, sanitised before React puts it in the page. */
export function SafeHtml({
  html,
  kind,
  as: Tag = 'div',
  className = '',
  id,
}: {
  html: string;
  kind: HtmlKind;
  as?: 'div' | 'span' | 'h2';
  className?: string;
  id?: string;
}) {
  const clean = useMemo(() => sanitizeHtml(html, kind), [html, kind]);
  const classes = kind === 'rich' ? `${richClass} ${className}` : className;
  return <Tag id={id} className={classes} dangerouslySetInnerHTML={{ __html: clean }} />;
}
