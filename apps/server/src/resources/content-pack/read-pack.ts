import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Document, isNode, parseDocument } from 'yaml';
import { type FileKind, videoLinkProblem } from '../../media/index.ts';
import { type PackFile, checkPackFile, looksLikeFile, meetingLinkProblem } from './pack-files.ts';
import { type Pack, packSchema, placeOf } from './pack-schema.ts';

export interface Problem {
  place: string;
  message: string;
}

export interface ReadPack {
  /** Present only when there are no problems. */
  pack?: Pack;
  /** Every file the pack names, by the name it is written as. */
  files: Map<string, PackFile>;
  problems: Problem[];
}

/** content.yaml itself; larger is not a course description but a mistake. */
export const MAX_YAML_BYTES = 5 * 1024 * 1024;

/**
 * Alias expansions (`*name`) content.yaml may make in all: the yaml package's own default. Each expansion is the
 * same object, but every walk over the result (the schema check, the importer) follows each one, so nine nested
 * lists of nine aliases (a "billion laughs") would hold the server for ever.
 */
export const MAX_ALIAS_EXPANSIONS = 100;

/** content.yaml refused as a whole rather than checked (the message leaves its name out): the console answers 400, the command exits 1. */
export class PackRefused extends Error {}

/** Reads FOLDER/content.yaml and checks all of it and every file it names; nothing is stored. */
export async function readPack(folder: string): Promise<ReadPack> {
  const files = new Map<string, PackFile>();
  const fail = (message: string, place = 'content.yaml'): ReadPack => ({ files, problems: [{ place, message }] });
  const yamlPath = join(folder, 'content.yaml');
  const size = await stat(yamlPath).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) return fail(`there is no content.yaml in ${folder}`);
  if (size > MAX_YAML_BYTES) return fail(`content.yaml is larger than ${MAX_YAML_BYTES / 1024 / 1024} MB`);

  const document = parseDocument(await readFile(yamlPath, 'utf8'), { prettyErrors: true });
  if (document.errors.length)
    return {
      files,
      problems: document.errors.map((e) => ({ place: 'content.yaml', message: e.message.split('\n')[0]! })),
    };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
  } catch (error) {
    // The package says which it met only in its message; any other alias it cannot resolve is an ordinary mistake.
    if (!(error instanceof ReferenceError)) throw error;
    if (error.message.startsWith('Excessive alias count')) {
      throw new PackRefused(
        `its aliases (*name) expand more than ${MAX_ALIAS_EXPANSIONS} times, as a YAML alias bomb ("billion laughs") does; write the repeated parts out instead`,
      );
    }
    return fail(error.message);
  }
  const parsed = packSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      place: placeOf(issue.path),
      message: issueMessage(issue, document),
    }));
    return { files, problems: inDocumentOrder(document, problems) };
  }
  const pack = parsed.data;
  const problems: Problem[] = [];
  const problem = (place: string, message: string) => problems.push({ place, message });
  const file = async (place: string, name: string, kind: FileKind) => {
    const checked = files.get(name) ?? (await checkPackFile(folder, name, kind));
    if (typeof checked === 'string') return problem(place, checked);
    if (checked.kind !== kind) return problem(place, `${name} is a ${checked.kind}, not a ${kind}`);
    files.set(name, checked);
  };
  const unique = (place: string, names: string[], what: string) => {
    const seen = new Set<string>();
    for (const [i, name] of names.entries()) {
      const key = name.toLowerCase();
      if (seen.has(key))
        problem(
          `${place}[${i}]`,
          `${what} "${name}" appears twice; names match items within their parent, so each must differ`,
        );
      seen.add(key);
    }
  };

  unique(
    'subjects',
    pack.subjects.map((s) => s.name),
    'subject',
  );
  unique(
    'news',
    pack.news.map((n) => n.heading),
    'news heading',
  );
  for (const [s, subject] of pack.subjects.entries()) {
    const at = `subjects[${s}]`;
    if (subject.thumbnail) await file(`${at}.thumbnail`, subject.thumbnail, 'picture');
    unique(
      `${at}.chapters`,
      subject.chapters.map((c) => c.name),
      'chapter',
    );
    unique(
      `${at}.batches`,
      subject.batches.map((b) => b.name),
      'batch',
    );
    for (const [c, chapter] of subject.chapters.entries()) {
      const ch = `${at}.chapters[${c}]`;
      unique(
        `${ch}.topics`,
        chapter.topics.map((t) => t.name),
        'topic',
      );
      unique(
        `${ch}.materials`,
        chapter.materials.map((m) => m.title),
        'material',
      );
      unique(
        `${ch}.quizzes`,
        chapter.quizzes.map((q) => q.name),
        'quiz',
      );
      for (const [t, topic] of chapter.topics.entries()) {
        if (looksLikeFile(topic.video)) await file(`${ch}.topics[${t}].video`, topic.video, 'video');
        else {
          const wrong = videoLinkProblem(topic.video);
          if (wrong) problem(`${ch}.topics[${t}].video`, wrong);
        }
      }
      for (const [m, material] of chapter.materials.entries())
        await file(`${ch}.materials[${m}].file`, material.file, 'pdf');
      for (const [q, quiz] of chapter.quizzes.entries()) {
        const qz = `${ch}.quizzes[${q}]`;
        unique(
          `${qz}.questions`,
          quiz.questions.map((x) => x.question),
          'question',
        );
        for (const [n, question] of quiz.questions.entries()) {
          if (question.answer > question.options.length) {
            problem(`${qz}.questions[${n}]`, `answer ${question.answer} but only ${question.options.length} options`);
          }
          unique(`${qz}.questions[${n}].options`, question.options, 'option');
        }
        const total = quiz.questions.reduce((sum, x) => sum + x.marks, 0);
        if (quiz.pass_marks > total)
          problem(qz, `pass_marks ${quiz.pass_marks} but the questions carry only ${total} marks`);
      }
    }
    for (const [b, batch] of subject.batches.entries()) {
      const seen = new Set<string>();
      for (const [k, live] of batch.classes.entries()) {
        const place = `${at}.batches[${b}].classes[${k}]`;
        if (!localTime(live.starts_at))
          problem(`${place}.starts_at`, `${live.starts_at} is not a date and time written YYYY-MM-DD HH:MM`);
        const wrong = meetingLinkProblem(live.link);
        if (wrong) problem(`${place}.link`, wrong);
        const key = `${live.name.toLowerCase()}|${live.starts_at}`;
        if (seen.has(key)) problem(place, `class "${live.name}" at ${live.starts_at} appears twice`);
        seen.add(key);
      }
    }
  }
  for (const [n, item] of pack.news.entries()) {
    if (item.picture) await file(`news[${n}].picture`, item.picture, 'picture');
    if (item.published_at && !localTime(item.published_at)) {
      problem(`news[${n}].published_at`, `${item.published_at} is not a date and time written YYYY-MM-DD HH:MM`);
    }
  }
  return problems.length ? { files, problems: inDocumentOrder(document, problems) } : { pack, files, problems };
}

/** `2026-12-01 09:00` (or with seconds, or a T): a wall-clock time in INSTITUTE_TIMEZONE, as PostgreSQL's timestamp reads it. */
export function localTime(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6] ?? '00'}` : undefined;
}

/** Problems sorted by where their place starts in content.yaml (the nearest written part of it), so they read top to bottom. */
function inDocumentOrder(document: Document, problems: Problem[]) {
  const offset = (place: string) => {
    const path: (string | number)[] = [...place.matchAll(/(\w+)|\[(\d+)\]/g)].map((m) =>
      m[2] === undefined ? m[1]! : Number(m[2]),
    );
    for (let length = path.length; length > 0; length--) {
      const node = document.getIn(path.slice(0, length), true);
      if (isNode(node) && node.range) return node.range[0];
    }
    return 0;
  };
  return problems
    .map((problem) => ({ problem, at: offset(problem.place) }))
    .sort((a, b) => a.at - b.at)
    .map(({ problem }) => problem);
}

function issueMessage(
  issue: { code: string; message: string; path: PropertyKey[]; keys?: string[]; expected?: string },
  document: Document,
) {
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys!.length > 1 ? 's' : ''} ${issue.keys!.join(', ')}`;
  if (issue.code === 'invalid_type' && !document.hasIn(issue.path as (string | number)[])) return 'is required';
  // Every number in the format is a whole one.
  if (issue.code === 'invalid_type')
    return `must be ${issue.expected === 'number' || issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
  return issue.message;
}
