/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hindi, hindiMessages } from './hi.ts';

// Tests run from the repository's root.
const root = process.cwd();
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)
        ? [path]
        : [];
  });

/** Every English text the student app passes to `t` or marks with `msg`. */
function webKeys(): Set<string> {
  const files = filesUnder(join(root, 'apps/web/src')).filter(
    (file) => !file.includes('/console/') && !file.endsWith('/i18n/hi.ts'),
  );
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:t|msg)\(\s*(['"])((?:\\.|(?!\1).)*)\1/g))
      keys.add(match[2]!.replace(/\\(.)/g, '$1'));
  }
  return keys;
}

/** Sentences the server writes on the student's calls (literals, with `${…}` as `{}`), which screens show. */
function serverSentences(): Set<string> {
  const dirs = [
    'auth',
    'learning',
    'live-classes',
    'news',
    'profile',
    'quizzes',
    'registration',
    'study-materials',
    'subjects',
  ].map((r) => `apps/server/src/resources/${r}`);
  // A resource's console routes (files that define one) speak to staff, who use the console in English.
  const files = [
    ...dirs,
    'apps/server/src/http',
    'apps/server/src/sessions',
    'apps/server/src/one-time-codes',
    'apps/server/src/domain',
  ]
    .flatMap((dir) => filesUnder(join(root, dir)))
    .filter(
      (file) => !file.endsWith('console-routes.ts') && !readFileSync(file, 'utf8').includes('defineConsoleRoute('),
    );
  files.push(...['auth', 'registration', 'student'].map((name) => join(root, `packages/contract/src/${name}.ts`)));
  const sentences = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const literals = [...text.matchAll(/'([A-Z][^'\n]*)'|`([A-Z][^`\n]*)`/g)].map((match) => match[1] ?? match[2]!);
    const messages = [...text.matchAll(/message: '([^'\n]+)'/g)].map((match) => match[1]!);
    for (const literal of [...literals.filter((l) => / /.test(l) && /[.!]$/.test(l)), ...messages])
      sentences.add(literal.replace(/\$\{[^}]*\}/g, '{}'));
  }
  return sentences;
}

const placeholders = (text: string) => text.replace(/\{\w+\}/g, '{}');

// The server writes these for staff, operators or other programs; no student screen shows them.
const notForStudents = [
  /TRUST_PROXY|X-Forwarded-For|Migrations|metrics|contract|Staff roles|role does not allow|database is not reachable|data folder|^Shutting down\.$/,
  /^That is not a material id\.$/,
  /^That part of the file does not exist\.$/,
  /is unlocked\.$|already belongs to|was already|The SMS could not be sent|They got|accepted your registration|could not accept your registration|New students may ask/,
  /^Question \{\} is not part|is not one of the options/,
  // A list's answer names itself; no screen shows that message.
  /^(Progress saved|Quiz history|Quiz report|Academic levels|Registration requests|Registration codes|Locked numbers|ok|ready)$/,
  // Composed from pieces: the catalogue has each whole form (below).
  /^Wrong code\. You have \{\} \{\} left\.$/,
];
// Composed by the server from pieces (`Wrong code. You have ${n} ${n === 1 ? 'try' : 'tries'} left.`, describeWait's
// `${n} minute${…}`, the registration budget's window and `${n} hours`), or values it sends (a result's pass/fail): the catalogue has each whole form.
const composedOnTheServer = [
  ...[
    'That subject',
    'That chapter',
    'That topic',
    'That batch',
    'That quiz',
    'That report',
    'That material',
    'That news item',
    'Your profile',
  ],
  '{what} was not found.',
  'Wrong code. You have {n} tries left.',
  'Wrong code. You have {n} try left.',
  '{n} seconds',
  '{n} second',
  '{n} minutes',
  '{n} minute',
  '{n} hours',
  'this hour',
  'today',
  'pass',
  'fail',
];

describe('the Hindi dictionary', () => {
  it('has every text the student app shows', () => {
    const missing = [...webKeys()].filter((key) => !(key in hindiMessages));
    expect(missing).toEqual([]);
  });

  it('has every sentence the server says on a student’s calls', () => {
    const known = (sentence: string) =>
      sentence in hindi.messages || hindi.patterns.some(({ pattern }) => pattern.test(sentence));
    const missing = [...serverSentences()].filter(
      (sentence) => !known(sentence) && !notForStudents.some((skip) => skip.test(sentence)),
    );
    expect(missing).toEqual([]);
  });

  it('keeps no text that nothing shows any more', () => {
    const web = webKeys();
    const server = serverSentences();
    const unused = Object.keys(hindiMessages).filter(
      (key) => !web.has(key) && !server.has(placeholders(key)) && !composedOnTheServer.includes(key),
    );
    expect(unused).toEqual([]);
  });

  it('keeps every value of a text in its translation', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const broken = Object.entries(hindiMessages).filter(
      ([english, hindi]) => names(english).join() !== names(hindi).join(),
    );
    expect(broken).toEqual([]);
  });
});
