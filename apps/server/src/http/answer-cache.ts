import type { Database, Queryable } from '../db/database.ts';
import { listenForNotices } from '../db/notice-listener.ts';

/** More than this many characters of answers remembered and the cache starts afresh (a bound on its memory). */
const MAX_CHARS = 16_000_000;
/** Students with a change noted but nothing remembered, kept only so a read begun before the change is not kept. */
const MAX_STUDENTS = 50_000;
export const ANSWER_CHANNEL = 'answers_changed';

interface Entry {
  /** The answer as sent: its JSON. */
  answer: string;
  until: number;
}

interface Student {
  /** The clock when this student's rows last changed; a read that began earlier is not remembered. */
  changedAt: number;
  entries: Map<string, Entry>;
}

/**
 * Answers of signed-in list calls remembered per session for a few seconds, so a call the app repeats (every screen
 * refetches when it is opened again) answers without reaching the database (docs/decisions/030). Nothing stale
 * outlives a change: the database announces every change to what an answer says (migration 077): one student's rows
 * forget that student's answers, shared content forgets all; while that channel is down nothing is remembered.
 */
export class AnswerCache {
  private readonly students = new Map<number, Student>();
  private chars = 0;
  /** Ticks with every change; a ticket is the clock when a read began. */
  private clock = 0;
  private clearedAt = 0;
  private listening = false;
  /** Lookups answered from memory, and those that had to read (for /metrics). */
  hits = 0;
  misses = 0;

  /** Characters of answers held now. */
  get size() {
    return this.chars;
  }

  get(studentId: number, key: string): string | undefined {
    const entries = this.students.get(studentId)?.entries;
    const entry = entries?.get(key);
    if (entry && entry.until > Date.now()) {
      this.hits++;
      return entry.answer;
    }
    this.misses++;
    if (!entry) return undefined;
    entries!.delete(key);
    this.chars -= entry.answer.length;
    return undefined;
  }

  ticket() {
    return this.clock;
  }

  remember(ticket: number, studentId: number, key: string, answer: string, ttlMs: number) {
    if (!this.listening || ticket < this.clearedAt) return;
    let student = this.students.get(studentId);
    if (student && ticket < student.changedAt) return;
    if (this.chars + answer.length > MAX_CHARS) return this.clear();
    if (!student) this.students.set(studentId, (student = { changedAt: 0, entries: new Map() }));
    this.chars += answer.length - (student.entries.get(key)?.answer.length ?? 0);
    student.entries.set(key, { answer, until: Date.now() + ttlMs });
  }

  forgetStudent(studentId: number) {
    this.clock++;
    const student = this.students.get(studentId);
    if (student) {
      for (const entry of student.entries.values()) this.chars -= entry.answer.length;
      student.entries.clear();
      student.changedAt = this.clock;
    } else if (this.students.size >= MAX_STUDENTS) {
      this.clear();
    } else {
      this.students.set(studentId, { changedAt: this.clock, entries: new Map() });
    }
  }

  /** `student:<id>` or `all`, as migration 077 announces them; anything else forgets everything too. */
  onNotice(payload: string) {
    const [kind, value = ''] = payload.split(':', 2);
    if (kind === 'student' && /^\d+$/.test(value)) this.forgetStudent(Number(value));
    else this.clear();
  }

  setListening(listening: boolean) {
    this.listening = listening;
    if (!listening) this.clear();
  }

  clear() {
    this.clearedAt = ++this.clock;
    this.students.clear();
    this.chars = 0;
  }
}

const caches = new WeakMap<Queryable, AnswerCache>();

/** The answer cache of a database whose notices are being listened to; undefined otherwise (then every call reads). */
export const answerCacheOf = (db: Queryable) => caches.get(db);

/** Starts remembering answers for `db` (when it can announce changes); returns how to stop. */
export const startAnswerCache = (db: Database) => listenForNotices(db, ANSWER_CHANNEL, caches, () => new AnswerCache());
