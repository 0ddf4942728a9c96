import { useSyncExternalStore } from 'react';

// "Data saver": an adaptive video stays on its lowest step (docs/decisions/074). A device setting like the theme: it
// outlives Logout, since it is about this phone's data pack, not the student's data.

export const DATA_SAVER_STORAGE_KEY = 'portal-data-saver';
const CHANGED = 'portal:data-saver-changed';

export const dataSaverOn = () => {
  try {
    return localStorage.getItem(DATA_SAVER_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
};

export function chooseDataSaver(on: boolean) {
  try {
    if (on) localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
    else localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  } catch {
    // Storage refused (a private window): the choice holds until the page closes.
  }
  window.dispatchEvent(new Event(CHANGED));
}

const subscribe = (changed: () => void) => {
  window.addEventListener(CHANGED, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(CHANGED, changed);
    window.removeEventListener('storage', changed);
  };
};

export const useDataSaver = () => useSyncExternalStore(subscribe, dataSaverOn, () => false);
