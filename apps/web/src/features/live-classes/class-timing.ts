import { formatDateTime } from '../../lib/date-time.ts';
import type { LiveClass } from '@portal/contract';

/**
 * A class is 'Starting soon' this long before its start, and Join Live opens then: tutors open the room early, students
 * test their sound. Earlier, a student would join an empty room days ahead (issue 34).
 */
export const STARTING_SOON_MINUTES = 15;

export type ClassState = 'upcoming' | 'starting' | 'live' | 'finished';

export interface ClassTiming {
  state: ClassState;
  startsAt: Date;
  endsAt: Date;
  /** When Join Live opens: STARTING_SOON_MINUTES before the start. */
  opensAt: Date;
  /** Whether the Join Live link works now: from `opensAt` until the class has finished. */
  joinable: boolean;
}

export function classTiming(liveClass: Pick<LiveClass, 'starts_at' | 'duration_minutes'>, now: number): ClassTiming {
  const start = Date.parse(liveClass.starts_at);
  const end = start + liveClass.duration_minutes * 60_000;
  const soon = start - STARTING_SOON_MINUTES * 60_000;
  const state: ClassState = now >= end ? 'finished' : now >= start ? 'live' : now >= soon ? 'starting' : 'upcoming';
  return {
    state,
    startsAt: new Date(start),
    endsAt: new Date(end),
    opensAt: new Date(soon),
    joinable: state === 'starting' || state === 'live',
  };
}

const rank: Record<ClassState, number> = { live: 0, starting: 1, upcoming: 2, finished: 3 };

/** Live first, then the next to start, and finished ones last, the most recent first. */
export function sortForStudent<T extends Pick<LiveClass, 'starts_at' | 'duration_minutes'>>(
  classes: T[],
  now: number,
): T[] {
  const keyed = classes.map((c) => ({ c, t: classTiming(c, now) }));
  keyed.sort((a, b) => {
    const byState = rank[a.t.state] - rank[b.t.state];
    if (byState !== 0) return byState;
    const byStart = a.t.startsAt.getTime() - b.t.startsAt.getTime();
    return a.t.state === 'finished' ? -byStart : byStart;
  });
  return keyed.map((k) => k.c);
}

/** 'today at 4:30 pm', 'Mon, 12 May at 4:30 pm': in the institute's time zone (lib/date-time.ts). */
export { formatWhen } from '../../lib/date-time.ts';

export const formatTime = (date: Date) => formatDateTime(date, 'time');
