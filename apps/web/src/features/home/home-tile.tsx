import { Link } from 'wouter';
import { HomeIcon, type IconName } from './home-icon.tsx';
import { t } from '../../i18n/language.ts';

export interface Tile {
  title: string;
  subtitle?: string;
  icon: IconName;
  /** A tile goes to a path or runs an action. */
  href?: string;
  onClick?: () => void;
}

/** Spec section 1: a tile whose title carries the marker "streaming" shows a live green indicator. */
const isStreaming = (tile: Tile) => /streaming/i.test(tile.title);

const tileClass =
  'flex h-full min-h-24 w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-blue-400 hover:shadow';

export function HomeTile({ tile }: { tile: Tile }) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700"
      >
        <HomeIcon name={tile.icon} />
      </span>
      <span className="min-w-0">
        <span className="flex items-center gap-2 font-semibold">
          {t(tile.title)}
          {isStreaming(tile) ? (
            <span className="relative flex size-2.5" title={t('Live now')}>
              <span className="absolute inline-flex size-full motion-safe:animate-ping rounded-full bg-green-500 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-green-600" />
              <span className="sr-only">{t('Live now')}</span>
            </span>
          ) : null}
        </span>
        {tile.subtitle ? <span className="block text-sm text-slate-600">{t(tile.subtitle)}</span> : null}
      </span>
    </>
  );
  if (tile.href) {
    return (
      <Link href={tile.href} className={tileClass}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" onClick={tile.onClick} className={tileClass}>
      {body}
    </button>
  );
}
