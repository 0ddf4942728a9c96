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

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const relativeDay = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const dayNumber = (d: Date) => Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);

/** 'today at 4:30 PM', 'tomorrow at 9:00 AM', 'Mon, 12 May at 4:30 PM', in the student's own time zone. */
export function formatWhen(date: Date, now: number): string {
  const days = dayNumber(date) - dayNumber(new Date(now));
  const day = Math.abs(days) <= 1 ? relativeDay.format(days, 'day') : dateFormat.format(date);
  return `${day} at ${timeFormat.format(date)}`;
}

export const formatTime = (date: Date) => timeFormat.format(date);
