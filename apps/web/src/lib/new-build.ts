const RELOADED_AT = 'portal-reloaded-for-new-build';
const ONCE_PER_MS = 5 * 60 * 1000;

/** The page's own entry script (hashed by the build), as the built index.html names it. */
const entryScript = () =>
  document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '';

export const page = { reload: () => window.location.reload() };

/**
 * After a screen's code failed to load: when the server now serves another build (index.html no longer names
 * this page's entry script), reload once onto it. At most once in five minutes, so a broken deployment cannot
 * start a reload loop.
 */
export async function reloadIfNewBuild(): Promise<boolean> {
  const current = entryScript();
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (!current || !navigator.onLine || Date.now() - last < ONCE_PER_MS) return false;
  try {
    // This page's own address: the console's (console.html) names another entry script than the student app's.
    const response = await fetch(window.location.pathname, { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!response.ok || (await response.text()).includes(current)) return false;
  } catch {
    return false;
  }
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  page.reload();
  return true;
}
