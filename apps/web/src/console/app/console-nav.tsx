import { Suspense } from 'react';
import { Link, useRoute } from 'wouter';
import type { ConsolePage } from './console-pages.ts';

/** The pages the role allows: a row that scrolls sideways on a phone, a column beside the page on wider screens. */
export function ConsoleNav({ pages }: { pages: ConsolePage[] }) {
  return (
    <nav aria-label="Console" className="border-b border-slate-200 bg-white md:border-b-0 md:border-r">
      {/* Relative: the badge's screen-reader text (sr-only, absolutely placed) stays inside the scrolling row; placed
          by the page instead, it widened a phone's page to 1,361 px while a registration waited. */}
      <ul className="relative flex gap-1 overflow-x-auto px-2 py-2 md:flex-col md:px-3 md:py-4">
        {pages.map((page) => (
          <li key={page.path} className="shrink-0">
            <NavLink page={page} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavLink({ page }: { page: ConsolePage }) {
  const [active] = useRoute(page.path);
  return (
    <Link
      href={page.path}
      aria-current={active ? 'page' : undefined}
      className={`block rounded-md px-3 py-2 font-medium ${active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {page.label}
      {page.badge ? (
        <Suspense fallback={null}>
          {' '}
          <page.badge />
        </Suspense>
      ) : null}
    </Link>
  );
}
