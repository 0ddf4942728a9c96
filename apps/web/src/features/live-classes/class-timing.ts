import { formatDateTime } from '../../lib/date-time.ts';
import type { LiveClass } from '@portal/contract';

/** A class is 'Starting soon' this long before its start: tutors open the room early, students test their sound. */
export const STARTING_SOON_MINUTES = 15;

export type ClassState = 'upcoming' | 'starting' | 'live' | 'finished';

export interface ClassTiming {
  state: ClassState;
  startsAt: Date;
  endsAt: Date;
  /** Whether the Join Live link is offered: until the class has finished (spec: every card has the link). */
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
    joinable: state !== 'finished',
  };
}

const rank: Record<ClassState, number> = { live: 0, starting: 1, upcoming: 2, finished: 3 };

/** Live first, then the next to start, and finished ones last, the most recent first. */
export function sortForStudent<T extends Pick<LiveClass, 'starts_at' | 'duration_minutes'>>(classes: T[], now: number): T[] {
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
