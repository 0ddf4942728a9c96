import { useState, type ComponentType } from 'react';
import { Link } from 'wouter';
import { MenuButtonPlaceholder } from './menu-button-placeholder.tsx';
import type { MenuOpening, UserMenuProps } from './user-menu-props.ts';
import { t } from '../../i18n/language.ts';
import { Logo } from '../logo.tsx';

// The menu's code (about 28 KB gzip with its library) is fetched when the student reaches for it (pointer
// over it, focus on it, a tap), not on every first load: on a phone its evaluation and render were the
// longest tasks after the first paint (docs/decisions/002). The service worker has it cached after the first
// visit, so a tap then opens it at once. Once loaded it is shown at once on every later page.
let loadedMenu: ComponentType<UserMenuProps> | null = null;
let loading: Promise<ComponentType<UserMenuProps>> | null = null;
const loadMenu = () => (loading ??= import('./user-menu.tsx').then((module) => (loadedMenu = module.default)));

function useUserMenu() {
  const [menu, setMenu] = useState(() => loadedMenu);
  const [opening, setOpening] = useState<MenuOpening>(null);
  const want = (open: MenuOpening) => {
    if (open) setOpening(open);
    // The placeholder stays until the code is here and is then replaced in one step: focus moves across.
    loadMenu().then(
      (component) => setMenu(() => component),
      () => {
        loading = null; // offline before it was cached: the next reach tries again
      },
    );
  };
  return { Menu: menu, opening, want };
}

export function Header({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  const { Menu, opening, want } = useUserMenu();
  const [placeholderFocused, setPlaceholderFocused] = useState(false);
  const [pressing, setPressing] = useState(false);
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t('Skip to content')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link href="/" className="shrink-0 rounded-md" aria-label={t('Home')}>
          <Logo size={32} />
        </Link>
        <div className="min-w-0 flex-1">
          {title ? <h1 className="truncate text-lg font-bold leading-tight">{title}</h1> : null}
          {subtitle ? <p className="truncate text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {Menu && !pressing ? (
          <Menu opening={opening} takeFocus={placeholderFocused} />
        ) : (
          <MenuButtonPlaceholder
            onReach={() => want(null)}
            onOpen={want}
            onFocusChange={setPlaceholderFocused}
            onPress={setPressing}
            busy={opening !== null}
          />
        )}
      </div>
    </header>
  );
}
