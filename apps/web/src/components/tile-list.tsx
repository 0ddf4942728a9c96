import { Link } from 'wouter';

export interface TileItem {
  key: string | number;
  title: string;
  subtitle?: string | undefined;
  /** Small square image shown before the title. */
  thumbnail?: string | undefined;
  href?: string | undefined;
  onSelect?: (() => void) | undefined;
}

const tileClass =
  'flex min-h-16 w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm hover:border-blue-400 hover:shadow';

/** A vertical list of tiles, each a link or a button (chapters, topics, batches, materials...). */
export function TileList({ items, label }: { items: TileItem[]; label: string }) {
  return (
    <ul aria-label={label} className="mx-auto flex max-w-3xl flex-col gap-3">
      {items.map((item) => {
        const body = (
          <>
            {item.thumbnail ? (
              <img
                src={item.thumbnail}
                alt=""
                width="64"
                height="36"
                className="h-9 w-16 shrink-0 rounded object-cover"
              />
            ) : null}
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{item.title}</span>
              {item.subtitle ? <span className="block text-sm text-slate-600">{item.subtitle}</span> : null}
            </span>
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {item.href ? (
              <Link href={item.href} className={tileClass}>
                {body}
              </Link>
            ) : (
              <button type="button" onClick={item.onSelect} className={tileClass}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
