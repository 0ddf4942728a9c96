import { describe, expect, it } from 'vitest';
import { fold, nameLexemes, nameQuery, nameWords } from '../src/domain/name-key.ts';

/** Whether a typed search finds a name, by the rule the database applies: each typed word is a prefix of a stored lexeme. */
function finds(typed: string, name: string): boolean {
  const lexemes = nameLexemes(name);
  const query = nameQuery(typed);
  if (!query) return false;
  return query
    .split(' & ')
    .every((word) =>
      [...word.matchAll(/'((?:[^']|'')*)':\*/g)].some(([, prefix]) =>
        lexemes.some((lexeme) => lexeme.startsWith(prefix!.replace(/''/g, "'"))),
      ),
    );
}

describe('the words of a name', () => {
  it('keeps a Devanagari word whole, vowel signs and virama included', () => {
    expect(nameWords('राहुल शर्मा')).toEqual(['राहुल', 'शर्मा']);
    expect(nameWords('लक्ष्मी-देवी')).toEqual(['लक्ष्मी', 'देवी']);
    expect(nameWords("D'Souza, Anil")).toEqual(['d', 'souza', 'anil']);
  });
});

describe('the phonetic form both scripts share', () => {
  it.each([
    ['राहुल', 'Rahul'],
    ['शर्मा', 'Sharma'],
    ['मीरा', 'Meera'],
    ['मीरा', 'Mira'],
    ['सुनीता', 'Sunita'],
    ['प्रिया', 'Priya'],
    ['लक्ष्मी', 'Lakshmi'],
    ['लक्ष्मी', 'Laxmi'],
    ['नवनीत', 'Navneet'],
    ['नवनीत', 'Navaneet'],
    ['कमला', 'Kamla'],
    ['कमला', 'Kamala'],
    ['संजय', 'Sanjay'],
    ['गौरव', 'Gaurav'],
    ['सौरभ', 'Sourabh'],
    ['सौरभ', 'Saurabh'],
    ['श्रद्धा', 'Shraddha'],
    ['ऋषि', 'Rishi'],
    ['कृष्ण', 'Krishna'],
    ['हर्ष', 'Harsh'],
    ['हर्ष', 'Harsha'],
    ['अजय', 'Ajay'],
    ['वर्मा', 'Verma'],
    ['वर्मा', 'Varma'],
    ['मनमोहन', 'Manmohan'],
    ['जगदीश', 'Jagdish'],
    ['राजकुमार', 'Rajkumar'],
    ['चंपा', 'Champa'],
    ['छाया', 'Chhaya'],
    ['छाया', 'Chaya'],
    ['दिव्या', 'Divya'],
    ['धर्मेंद्र', 'Dharmendra'],
    ['नरेंद्र', 'Narendra'],
    ['क्षितिज', 'Kshitij'],
    ['ज्ञान', 'Gyan'],
    ['फ़रहान', 'Farhan'],
    ['दीपक', 'Deepak'],
    ['अश्विन', 'Ashwin'],
    ['पूजा', 'Pooja'],
    ['पूजा', 'Puja'],
    ['सिद्धार्थ', 'Siddharth'],
    ['सिद्धार्थ', 'Sidharth'],
    ['राम', 'Ram'],
    ['राम', 'Rama'],
  ])('%s and %s find each other', (devanagari, latin) => {
    expect(finds(latin.toLowerCase(), devanagari)).toBe(true);
    expect(finds(devanagari, latin)).toBe(true);
  });

  it('finds a name by the start of each word as it is typed, in either script', () => {
    for (const typed of ['r', 'ra', 'rah', 'rahu', 'rahul', 'sh', 'shar', 'sharma', 'rahul sh', 'sharma rahul'])
      expect(finds(typed, 'राहुल शर्मा'), typed).toBe(true);
    for (const typed of ['र', 'रा', 'राह', 'राहु', 'राहुल', 'श', 'शर्', 'शर्म', 'शर्मा', 'राहुल श'])
      expect(finds(typed, 'राहुल शर्मा'), typed).toBe(true);
    for (const typed of ['मी', 'मीर', 'मीरा', 'मीरा ना', 'ने'])
      expect(finds(typed, 'Meera Nair'), typed).toBe(typed !== 'ने');
  });

  it('does not find a different name', () => {
    for (const [typed, name] of [
      ['rahul', 'राहुल शर्मा'.replace('राहुल', 'रोहित')],
      ['rohit', 'राहुल शर्मा'],
      ['सुनीता', 'Sunil Kumar'],
      ['sunita', 'सुनील कुमार'],
      ['meera', 'मोहन नायर'],
      ['मीरा', 'Mohan Nair'],
      ['priya', 'प्रकाश'],
      ['lakshmi', 'लता'],
      ['jain', 'Zainab Khan'],
      ['rahul verma', 'राहुल शर्मा'],
    ])
      expect(finds(typed!, name!), `${typed} ≠ ${name}`).toBe(false);
  });

  it('folds Latin spellings of one sound alike', () => {
    expect(fold('Meera')).toBe(fold('mira'));
    expect(fold('Lakshmi')).toBe(fold('laxmi'));
    expect(fold('Ashwin')).toBe(fold('ashvin'));
    expect(fold('Phool')).toBe(fold('ful'));
    expect(fold('José')).toBe('jose');
  });

  it('keeps words of other scripts as they are, found by their own prefixes', () => {
    expect(nameLexemes('முருகன் Kumar')).toEqual(['முருகன்', 'kumar']);
    expect(finds('முரு', 'முருகன் Kumar')).toBe(true);
  });

  it('has no query for punctuation alone, and quotes what reaches tsquery', () => {
    expect(nameQuery(' -, ')).toBeNull();
    expect(nameQuery("o'neil")).toBe("('o':*) & ('neil':*)");
  });
});
