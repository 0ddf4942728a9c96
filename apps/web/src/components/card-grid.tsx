import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface CardItem {
  key: string | number;
  title: string;
  /** 16:9 picture; its box is reserved before it loads, so nothing shifts. */
  thumbnail?: string | undefined;
  /** Extra lines under the title. */
  details?: ReactNode;
  href?: string | undefined;
  onSelect?: (() => void) | undefined;
}

const cardClass =
  'flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm hover:border-blue-400 hover:shadow';

/** Pictures in the first row (three cards on wide screens) load at once, as the page's likely largest paint. */
const EAGER_CARDS = 3;

/** Cards in a grid: one column on small screens, three from the medium breakpoint (spec section 2). */
export function CardGrid({ items, label }: { items: CardItem[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {items.map((item, index) => {
        const body = (
          <>
            {item.thumbnail ? (
              <img
                src={item.thumbnail}
                alt=""
                width="480"
                height="270"
                loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                className="aspect-video w-full bg-slate-200 object-cover"
              />
            ) : item.thumbnail === '' ? (
              // A subject staff added without a picture keeps the card's shape.
              <span aria-hidden="true" className="aspect-video w-full bg-slate-200" />
            ) : null}
            <span className="flex flex-1 flex-col gap-1 p-4">
              <span className="font-semibold">{item.title}</span>
              {item.details}
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {item.href ? (
              <Link href={item.href} className={cardClass}>
                {body}
              </Link>
            ) : (
              <button type="button" onClick={item.onSelect} className={cardClass}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
