/**
 * The search key of a student's name (docs/decisions/056): each word as written, lower-cased, and a loose phonetic
 * Latin form that Devanagari and Latin spellings of one name share, so "rahul" finds "राहुल शर्मा" and "मीरा" finds
 * "Meera Nair". Stored beside the name (`students.name_key`, a tsvector) and built again for each typed word.
 */

/** Words of a name or of a search: letters with their marks (a Devanagari vowel sign is a mark), and digits. */
export const nameWords = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

const DEVANAGARI = /[\u0900-\u097F]/u;

// Hunterian-like Latin for each letter; the fold below then loosens both scripts alike.
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  ऩ: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ऱ: 'r',
  ल: 'l',
  ळ: 'l',
  ऴ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** A consonant with a nukta (after NFC the dot is a letter of its own). */
const NUKTA_FORMS: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'ri',
  ॠ: 'ri',
  ऌ: 'li',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऍ: 'e',
  ऎ: 'e',
  ऑ: 'o',
  ऒ: 'o',
};
const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'ri',
  'ॄ': 'ri',
  'ॢ': 'li',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॅ': 'e',
  'ॆ': 'e',
  'ॉ': 'o',
  'ॊ': 'o',
};
const VIRAMA = '्';
const NUKTA = '़';
const ANUSVARA = 'ं';
const NASALS = new Set(['ँ', ANUSVARA]);
const VISARGA = 'ः';
/** Before these the anusvara is said as m: चंपा is "champa", संजय "sanjay". */
const LABIALS = new Set(['प', 'फ', 'ब', 'भ', 'म']);

interface Unit {
  /** Latin of the consonant or independent vowel. */
  text: string;
  consonant: boolean;
  /** A consonant's vowel: a sign's Latin, 'a' when inherent, '' under a virama. */
  vowel: string;
  inherent: boolean;
  /** Anusvara, candrabindu or visarga after it (a nasal a keeps its a). */
  after: string;
}

function units(word: string): Unit[] {
  const out: Unit[] = [];
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const last = out.at(-1);
    if (CONSONANTS[char] !== undefined) {
      let text = CONSONANTS[char];
      if (char === 'ज' && chars[i + 1] === VIRAMA && chars[i + 2] === 'ञ') {
        // ज्ञ is said "gy" in Hindi: ज्ञान is "gyan".
        out.push({ text: 'gy', consonant: true, vowel: 'a', inherent: true, after: '' });
        i += 2;
        continue;
      }
      if (chars[i + 1] === NUKTA) {
        text = NUKTA_FORMS[char] ?? text;
        i++;
      }
      out.push({ text, consonant: true, vowel: 'a', inherent: true, after: '' });
    } else if (VOWELS[char] !== undefined) {
      out.push({ text: VOWELS[char], consonant: false, vowel: '', inherent: false, after: '' });
    } else if (last && VOWEL_SIGNS[char] !== undefined && last.consonant) {
      last.vowel = VOWEL_SIGNS[char];
      last.inherent = false;
    } else if (last && char === VIRAMA && last.consonant) {
      last.vowel = '';
      last.inherent = false;
    } else if (last && NASALS.has(char)) {
      last.after += LABIALS.has(chars[i + 1] ?? '') ? 'm' : 'n';
    } else if (last && char === VISARGA) {
      last.after += 'h';
    } else if (char === NUKTA || char === '\u200C' || char === '\u200D' || char === 'ऽ') {
      // Joiners, the avagraha and a stray nukta are not said.
    } else if (/[०-९]/u.test(char)) {
      out.push({ text: String(char.charCodeAt(0) - 0x966), consonant: false, vowel: '', inherent: false, after: '' });
    } else {
      out.push({ text: char, consonant: false, vowel: '', inherent: false, after: '' });
    }
  }
  return out;
}

const hasVowel = (unit: Unit | undefined, dropped: Set<number>, index: number) =>
  unit !== undefined && (unit.consonant ? unit.vowel !== '' && !dropped.has(index) : /[aeiou]/.test(unit.text));

/**
 * Which inherent a-s are silent. Hindi drops an inherent a that a spelling does not show: at the end of a word
 * (राम is "ram"; मित्र "mitra", हर्ष "harsh" or "harsha": `spell` may keep it), and inside a word between a vowel and a
 * consonant with its vowel, scanning from the right (नवनीत is "navneet", कमला "kamla"; with `medial`, as "Navaneet"
 * and "Kamala" are written too). Each choice is a spelling someone uses, so a stored name keeps every one and a typed
 * word tries both medial ones. A first syllable's a is often written e in Latin (वर्मा is "Verma"): both sides try
 * that spelling too.
 */
function silentAs(us: Unit[], medial: boolean): Set<number> {
  const dropped = new Set<number>();
  for (let i = us.length - 1; i >= 0; i--) {
    const u = us[i]!;
    if (!u.inherent || u.after) continue;
    if (u.consonant && i === us.length - 1) {
      if (i > 0) dropped.add(i);
      continue;
    }
    if (!medial || i === 0) continue;
    const previous = us[i - 1]!;
    const next = us[i + 1];
    const single = !(previous.consonant && previous.vowel === '');
    if (single && hasVowel(previous, dropped, i - 1) && next?.consonant && hasVowel(next, dropped, i + 1))
      dropped.add(i);
  }
  return dropped;
}

function spell(us: Unit[], dropped: Set<number>, finalA: boolean, firstE: boolean): string {
  const last = us.length - 1;
  const vowelOf = (u: Unit, i: number) =>
    dropped.has(i) && !(finalA && i === last) ? '' : i === 0 && firstE && u.inherent ? 'e' : u.vowel;
  return us.map((u, i) => (u.consonant ? u.text + vowelOf(u, i) : u.text) + u.after).join('');
}

/**
 * The loose Latin form both scripts are folded to: accents off; x = ks, q = k, w = v; ee = i, oo = u, ou = au;
 * ph = f; an h after a consonant is dropped (sh = s, bh = b, chh = ch = c); doubled letters once (aa = a).
 */
export function fold(latin: string): string {
  return latin
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ou/g, 'au')
    .replace(/ph/g, 'f')
    .replace(/([bcdgjkpst])h+/g, '$1')
    .replace(/(.)\1+/g, '$1');
}

const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}]+$/u;

/** The phonetic forms of one (lower-cased) word: several for Devanagari (which a-s are said), one for Latin. */
function phoneticForms(word: string, typed: boolean): string[] {
  if (!DEVANAGARI.test(word)) return LATIN_WORD.test(word) ? [fold(word)] : [];
  const us = units(word);
  // A typed word may be cut short (राह on its way to राहुल): its last a is never added.
  const finals = typed ? [false] : [false, true];
  return [true, false].flatMap((medial) => {
    const dropped = silentAs(us, medial);
    return finals.flatMap((finalA) => [false, true].map((firstE) => fold(spell(us, dropped, finalA, firstE))));
  });
}

/** Names share their words (an institute has many a Sharma): a fill of 100,000 names works each word out once. */
const known = new Map<string, string[]>();
const KNOWN_WORDS = 20_000;

function storedForms(word: string): string[] {
  let forms = known.get(word);
  if (!forms) {
    if (known.size >= KNOWN_WORDS) known.clear();
    forms = [word, ...phoneticForms(word, false)];
    known.set(word, forms);
  }
  return forms;
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

/** Every lexeme a stored name is found by: its words as written and their phonetic forms. */
export function nameLexemes(name: string): string[] {
  return unique(nameWords(name).flatMap(storedForms));
}

/** A lexeme quoted for tsvector and tsquery input, which takes it as it is (no parser, no dictionary). */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** `students.name_key` for a name, as tsvector input text. */
export const nameKey = (name: string): string => nameLexemes(name).map(quote).join(' ');

/**
 * A tsquery for what was typed, or null when it has no word: each word (at most 8) a prefix of a word of the name,
 * as written or in its phonetic form.
 */
export function nameQuery(typed: string): string | null {
  const words = nameWords(typed).slice(0, 8);
  if (!words.length) return null;
  return words
    .map(
      (word) =>
        `(${unique([word, ...phoneticForms(word, true)])
          .map((l) => `${quote(l)}:*`)
          .join(' | ')})`,
    )
    .join(' & ');
}
