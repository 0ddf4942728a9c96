import { useSession } from '../../lib/session-store.ts';
import { menuButtonClass } from './menu-button-class.ts';
import { MenuIcon } from './menu-icon.tsx';
import { menuLabel } from './menu-label.ts';
import { t } from '../../i18n/language.ts';

/** Same size and text as the menu button, shown until the menu's code arrives (no layout shift). */
export function MenuButtonPlaceholder() {
  const name = useSession((s) => s.user?.profile.name ?? '');
  return (
    <button type="button" disabled className={menuButtonClass}>
      <span className="hidden md:inline">{menuLabel(name)}</span>
      <MenuIcon />
      <span className="sr-only">{t('User menu')}</span>
    </button>
  );
}
