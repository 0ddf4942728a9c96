// The one translation layer (docs/decisions/043-languages.md). Screens write English and pass it through `t`: the
// English text is the key, so English needs no dictionary on the first load, and Hindi is a chunk of its own,
// loaded when it is chosen. Messages from the server go through `translateMessage` on their way in.

export type Language = 'en' | 'hi';

export const LANGUAGES: Record<Language, { name: string; locale: string }> = {
  en: { name: 'English', locale: 'en-IN' },
  hi: { name: 'हिन्दी', locale: 'hi-IN' },
};

/** A device setting, not the student's data: it outlives Logout, like the theme. */
export const LANGUAGE_STORAGE_KEY = 'portal-language';
const CHANGED = 'portal:language-changed';

export interface Dictionary {
  /** English text (with `{name}` placeholders) → the language's text. */
  messages: Record<string, string>;
  /** Server messages that carry values (`Please wait {wait} before …`), matched whole. */
  patterns: { pattern: RegExp; names: string[]; text: string }[];
  /** A refusal's code (contract/refusals.ts) → the English text said for it, translated by `messages`. */
  refusals: Record<string, string>;
  /** A refused field's name (`mobile`) → its English label on the screens (`Mobile number`). */
  fields: Record<string, string>;
  /** Codes whose sentence carries values (a wait, the tries left): their sentence is matched by `patterns` first. */
  valued: readonly string[];
}

/** What the server said when it refused a call: its English message, code and field (docs/decisions/058). */
export interface Refusal {
  message: string;
  code?: string;
  field?: string;
  tries_left?: number;
  /** The HTTP status, which picks the general message for a code this app does not know. */
  status: number;
}

let language: Language = 'en';
let dictionary: Dictionary | null = null;

type Loaders = Record<Exclude<Language, 'en'>, () => Promise<Dictionary>>;
let loaders: Loaders | null = null;

/**
 * How each language's chunk is loaded, given by the entry (main.tsx, the tests' setup): the dynamic import lives there,
 * so this module, which every screen imports, stays free of the bundler's preload helper (docs/decisions/043).
 */
export function setLanguageLoaders(given: Loaders) {
  loaders = given;
}

const fill = (text: string, values?: Record<string, string | number>) =>
  values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;

/** The text in the chosen language; `values` fill its `{name}` placeholders. */
export function t(english: string, values?: Record<string, string | number>): string {
  return fill(dictionary?.messages[english] ?? english, values);
}

/** A message the server wrote (in English) in the chosen language; one it does not know stays as it came. */
export function translateMessage(message: string): string {
  if (!dictionary) return message;
  const exact = dictionary.messages[message];
  if (exact) return exact;
  for (const { pattern, names, text } of dictionary.patterns) {
    const match = pattern.exec(message);
    if (match) return fill(text, Object.fromEntries(names.map((name, i) => [name, translateMessage(match[i + 1]!)])));
  }
  return message;
}

/**
 * A refusal as the student should read it, once and without field names: in English the server's own sentence (its
 * `field: ` prefix taken off); in another language by its code (the sentence itself for a code whose sentence carries
 * values, such as the wait, when a pattern knows it), else a general message. Never the server's English: matching an
 * unknown sentence against the patterns could even mistranslate it ("… of India …" read as "{n} of {length}").
 */
export function translateRefusal({ message, code, field, status }: Refusal): string {
  const said = field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  if (!dictionary) return said;
  const exact = dictionary.messages[said];
  if (exact) return exact;
  // A server older than the codes sends none: its sentence is all there is to go by.
  if (!code || dictionary.valued.includes(code)) {
    const known = translateMessage(said);
    if (known !== said) return known;
  }
  const label = field ? dictionary.fields[field] : undefined;
  if (code === 'invalid_field')
    return label ? t('Please check the {field}.', { field: t(label) }) : t('Please check what you entered.');
  const text =
    (code && dictionary.refusals[code]) || dictionary.refusals[status >= 500 ? 'server_error' : 'bad_request']!;
  return t(text);
}

export const currentLanguage = (): Language => language;
export const currentLocale = () => LANGUAGES[language].locale;

function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

async function apply(next: Language) {
  if (next !== 'en' && !loaders) throw new Error('setLanguageLoaders was not called');
  dictionary = next === 'en' ? null : await loaders![next]();
  language = next;
  document.documentElement.lang = next;
  window.dispatchEvent(new Event(CHANGED));
}

/** At start: the language remembered on this device (its chunk is loaded before the first render). */
export const startLanguage = () => apply(storedLanguage());

/** Switches and remembers; answers false, keeping the language as it was, when its chunk could not be loaded (offline). */
export async function chooseLanguage(next: Language): Promise<boolean> {
  try {
    await apply(next);
  } catch {
    return false;
  }
  localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  return true;
}

/** Calls `changed` whenever the language changes; answers the function that stops it. */
export function onLanguageChange(changed: () => void) {
  window.addEventListener(CHANGED, changed);
  return () => window.removeEventListener(CHANGED, changed);
}

/** The form of a text for `n` by the language's plural rules (Intl.PluralRules): `one` for 1 in English, else `other`. */
export const plural = (n: number, one: string, other: string) =>
  new Intl.PluralRules(currentLocale()).select(n) === 'one' ? one : other;

/** Marks English kept in a constant for `t` to translate where it is shown (the key checks find it by this name). */
export const msg = (english: string) => english;
