import { useSession } from '../../lib/session-store.ts';
import { menuButtonClass } from './menu-button-class.ts';
import { MenuIcon } from './menu-icon.tsx';
import { menuLabel } from './menu-label.ts';
import type { MenuOpening } from './user-menu-props.ts';
import { t } from '../../i18n/language.ts';

interface Props {
  /** The pointer or the focus reached the button: fetch the menu's code now. */
  onReach: () => void;
  /** Clicked, tapped or pressed: open the menu as soon as its code is here. */
  onOpen: (how: Exclude<MenuOpening, null>) => void;
  onFocusChange: (focused: boolean) => void;
  /** A press began on it (true) or ended (false): the menu must not take its place between a press and its click. */
  onPress: (pressing: boolean) => void;
  busy: boolean;
}

/**
 * Same size, text and role as the menu button, in its place until the menu's code has arrived (no layout
 * shift). It is a working button: reaching for it fetches that code, pressing it opens the menu once it is here.
 */
export function MenuButtonPlaceholder({ onReach, onOpen, onFocusChange, onPress, busy }: Props) {
  const name = useSession((s) => s.user?.profile.name ?? '');
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      aria-busy={busy || undefined}
      className={menuButtonClass}
      onPointerEnter={onReach}
      onFocus={() => {
        onFocusChange(true);
        onReach();
      }}
      onBlur={() => onFocusChange(false)}
      // Replaced between a press and its release, the click would land on neither button. A finger leaves the button
      // as it lifts, before the click, so only a mouse or pen leaving it ends the press early.
      onPointerDown={() => onPress(true)}
      onPointerCancel={() => onPress(false)}
      onPointerLeave={(event) => event.pointerType !== 'touch' && onPress(false)}
      // A click that a key made has no pointer position (detail 0): the menu then opens with its first item active.
      onClick={(event) => {
        onPress(false);
        onOpen(event.detail === 0 ? 'keyboard' : 'pointer');
      }}
    >
      <span className="hidden md:inline" data-menu-label>
        {menuLabel(name)}
      </span>
      <MenuIcon />
      <span className="sr-only">{t('User menu')}</span>
    </button>
  );
}
