import { describe, expect, it } from 'vitest';
import { classTiming, formatWhen, sortForStudent } from './class-timing.ts';

const MIN = 60_000;
const now = new Date(2026, 4, 12, 16, 0).getTime(); // Tuesday 12 May 2026, 4:00 PM local time
const at = (minutesFromNow: number, duration = 60) => ({
  starts_at: new Date(now + minutesFromNow * MIN).toISOString(),
  duration_minutes: duration,
});

describe('the state of a class', () => {
  it('is upcoming until 15 minutes before the start, then starting soon, and joinable throughout', () => {
    expect(classTiming(at(16), now)).toMatchObject({ state: 'upcoming', joinable: true });
    expect(classTiming(at(15), now)).toMatchObject({ state: 'starting', joinable: true });
  });

  it('is live from its start until its duration has passed, then finished and not joinable', () => {
    expect(classTiming(at(0), now)).toMatchObject({ state: 'live', joinable: true });
    expect(classTiming(at(-59), now)).toMatchObject({ state: 'live', joinable: true });
    expect(classTiming(at(-60), now)).toMatchObject({ state: 'finished', joinable: false });
    expect(classTiming(at(-90, 120), now).state).toBe('live');
  });
});

describe('the order of classes', () => {
  it('puts the live class first, then the next to start, and finished ones last, latest first', () => {
    const classes = [
      { id: 'yesterday', ...at(-24 * 60) },
      { id: 'tomorrow', ...at(24 * 60) },
      { id: 'earlier', ...at(-120) },
      { id: 'later', ...at(120) },
      { id: 'live', ...at(-10) },
    ];
    expect(sortForStudent(classes, now).map((c) => c.id)).toEqual(['live', 'later', 'tomorrow', 'earlier', 'yesterday']);
  });
});

describe('when a class starts, in words', () => {
  const time = (date: Date) => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(date);

  it('names today, tomorrow and yesterday, with the local time', () => {
    const later = new Date(2026, 4, 12, 18, 30);
    expect(formatWhen(later, now)).toBe(`today at ${time(later)}`);
    const tomorrow = new Date(2026, 4, 13, 9, 0);
    expect(formatWhen(tomorrow, now)).toBe(`tomorrow at ${time(tomorrow)}`);
    expect(formatWhen(new Date(2026, 4, 11, 23, 59), now)).toMatch(/^yesterday at /);
  });

  it('gives the weekday and date further away', () => {
    const friday = new Date(2026, 4, 15, 10, 0);
    expect(formatWhen(friday, now)).toMatch(/^Fri, (May 15|15 May) at /);
  });
});
