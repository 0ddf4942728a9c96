import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

/** The student's own choice on this device; without one the theme follows the system setting. */
export const THEME_STORAGE_KEY = 'portal-theme';
const CHANGED = 'portal:theme-changed';

const systemTheme = (): Theme => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

function chosenTheme(): Theme | null {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

export const currentTheme = (): Theme => chosenTheme() ?? systemTheme();

/** Sets `<html data-theme>`, which index.css turns into the dark palette. */
function applyTheme() {
  document.documentElement.dataset.theme = currentTheme();
  window.dispatchEvent(new Event(CHANGED));
}

/** At start: the remembered or system theme, following later changes of the system setting. */
export function startTheme() {
  applyTheme();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', applyTheme);
}

export function chooseTheme(theme: Theme) {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme();
}

const subscribe = (changed: () => void) => {
  window.addEventListener(CHANGED, changed);
  return () => window.removeEventListener(CHANGED, changed);
};

export const useTheme = () => useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
