import { useSyncExternalStore } from 'react';
import { currentLanguage, type Language, onLanguageChange } from './language.ts';

/** The chosen language; a component that calls it draws again when the language changes. */
export const useLanguage = () => useSyncExternalStore(onLanguageChange, currentLanguage, () => 'en' as Language);
