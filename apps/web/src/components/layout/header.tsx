import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { whenIdleAfterLoad } from '../../lib/when-idle-after-load.ts';
import { MenuButtonPlaceholder } from './menu-button-placeholder.tsx';
import { t } from '../../i18n/language.ts';

// The menu's code (about 40 KB with its library) loads once the page has loaded and the browser is idle,
// so it does not hold up the screen's own code and data on a phone's network; the placeholder keeps its
// place meanwhile. Once loaded it is shown at once on every later page.
const UserMenu = lazy(() => import('./user-menu.tsx'));
let menuRequested = false;

function useMenuWanted() {
  const [wanted, setWanted] = useState(menuRequested);
  useEffect(() => {
    if (wanted) return;
    return whenIdleAfterLoad(() => {
      menuRequested = true;
      setWanted(true);
    });
  }, [wanted]);
  return wanted;
}

export function Header({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  const menuWanted = useMenuWanted();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t('Skip to content')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link href="/" className="shrink-0 rounded-md" aria-label={t('Home')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
        </Link>
        <div className="min-w-0 flex-1">
          {title ? <h1 className="truncate text-lg font-bold leading-tight">{title}</h1> : null}
          {subtitle ? <p className="truncate text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {menuWanted ? (
          <Suspense fallback={<MenuButtonPlaceholder />}>
            <UserMenu />
          </Suspense>
        ) : (
          <MenuButtonPlaceholder />
        )}
      </div>
    </header>
  );
}
