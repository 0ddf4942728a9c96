import type { Database, Queryable } from '../db/database.ts';
import { listenForNotices } from '../db/notice-listener.ts';

/** Longest a remembered session is trusted without a word from the database (a bound, should a notice be lost). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
export const SESSION_CHANNEL = 'session_changed';

interface Entry {
  studentId: number;
  /** When to ask the database again: the session's own expiry or the TTL, whichever is first. */
  until: number;
  /**
   * Subjects its student was found enrolled in, for the media route (a signed link names its subject). Read after the
   * session itself, so no older than it; an ended enrolment forgets the student's sessions (migration 091).
   */
  subjects: Set<number>;
}

/**
 * Live sessions remembered for a few seconds, so a signed-in call costs one database round trip instead of two
 * (docs/decisions/030); with it, whether its student is enrolled in the subject a video link names (048). Logout
 * and an ended enrolment stay immediate everywhere: the database announces every change to a session or its student
 * (migration 060) and every ended enrolment (091), and every instance forgets the student's sessions; while that
 * channel is down nothing is remembered.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every change; an answer read before a change is not remembered after it. */
  private generation = 0;

  get(tokenHash: string): number | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.studentId;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** The student of a remembered session whose student is remembered as enrolled in the subject. */
  getReaching(tokenHash: string, subjectId: number): number | undefined {
    const studentId = this.get(tokenHash);
    return studentId !== undefined && this.entries.get(tokenHash)?.subjects.has(subjectId) ? studentId : undefined;
  }

  /** A ticket taken before reading the session; `remember` keeps the answer only if nothing changed meanwhile. */
  ticket() {
    return this.generation;
  }

  /** With `subjectId`: the student was found enrolled in it by the same read. */
  remember(ticket: number, tokenHash: string, studentId: number, expiresAt: number, subjectId?: number) {
    if (!this.listening || ticket !== this.generation) return;
    const known = this.entries.get(tokenHash);
    // Added to a live entry without renewing it: the subjects then are never older than the entry's TTL allows.
    if (known?.studentId === studentId && known.until > Date.now()) {
      if (subjectId !== undefined) known.subjects.add(subjectId);
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value ?? '');
    const subjects = new Set(subjectId === undefined ? [] : [subjectId]);
    this.entries.set(tokenHash, { studentId, until: Math.min(expiresAt, Date.now() + TTL_MS), subjects });
  }

  forgetToken(tokenHash: string) {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetStudent(studentId: number) {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.studentId === studentId) this.entries.delete(hash);
  }

  /** `token:<hash>` or `student:<id>`, as migrations 060 and 091 announce them; anything else forgets everything. */
  onNotice(payload: string) {
    const [kind, value = ''] = payload.split(':', 2);
    if (kind === 'token') this.forgetToken(value);
    else if (kind === 'student' && /^\d+$/.test(value)) this.forgetStudent(Number(value));
    else this.clear();
  }

  setListening(listening: boolean) {
    this.listening = listening;
    if (!listening) this.clear();
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Queryable, SessionCache>();

/** The cache of a database whose notices are being listened to; undefined otherwise (then every check asks the database). */
export const sessionCacheOf = (db: Queryable) => caches.get(db);

/** Starts remembering sessions for `db` (when it can announce changes); returns how to stop. */
export const startSessionCache = (db: Database) =>
  listenForNotices(db, SESSION_CHANNEL, caches, () => new SessionCache());
