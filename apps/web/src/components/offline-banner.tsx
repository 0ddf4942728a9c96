import { useOnline } from '../lib/use-online.ts';
import { t } from '../i18n/language.ts';

/**
 * Shown on every screen while the device has no connection: what is on screen is what was saved last. In the page's
 * flow above the header, so it pushes the screen down; it does not stick, since the header sticks to the top too and at
 * 360 px the banner's three lines covered the title and the menu (issue 34).
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {t('You are offline. You see what was saved on this device; changes are sent when you are back online.')}
    </div>
  );
}
