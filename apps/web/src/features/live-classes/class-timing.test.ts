import { describe, expect, it } from 'vitest';
import { classTiming, formatWhen, sortForStudent } from './class-timing.ts';

const MIN = 60_000;
const now = new Date(2026, 4, 12, 16, 0).getTime(); // Tuesday 12 May 2026, 4:00 PM local time
const at = (minutesFromNow: number, duration = 60) => ({
  starts_at: new Date(now + minutesFromNow * MIN).toISOString(),
  duration_minutes: duration,
});

describe('the state of a class', () => {
  it('is upcoming until 15 minutes before the start, then starting soon; Join Live opens only then', () => {
    expect(classTiming(at(3 * 24 * 60), now)).toMatchObject({ state: 'upcoming', joinable: false });
    expect(classTiming(at(16), now)).toMatchObject({
      state: 'upcoming',
      joinable: false,
      opensAt: new Date(now + MIN),
    });
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
    expect(sortForStudent(classes, now).map((c) => c.id)).toEqual([
      'live',
      'later',
      'tomorrow',
      'earlier',
      'yesterday',
    ]);
  });
});

describe('when a class starts, in words', () => {
  // 11:30 in Kolkata on Tue 12 May 2026, whatever the device's own zone.
  const noonish = Date.parse('2026-05-12T06:00:00Z');

  it("names today, tomorrow and yesterday with the time, counting days in the institute's zone", () => {
    expect(formatWhen(new Date('2026-05-12T13:00:00Z'), noonish)).toBe('today at 6:30 pm');
    expect(formatWhen(new Date('2026-05-13T03:30:00Z'), noonish)).toBe('tomorrow at 9:00 am');
    expect(formatWhen(new Date('2026-05-11T18:00:00Z'), noonish)).toBe('yesterday at 11:30 pm');
    // Still 12 May in UTC, already 13 May in Kolkata.
    expect(formatWhen(new Date('2026-05-12T19:00:00Z'), noonish)).toBe('tomorrow at 12:30 am');
  });

  it('gives the weekday and date further away', () => {
    expect(formatWhen(new Date('2026-05-15T04:30:00Z'), noonish)).toBe('Fri, 15 May at 10:00 am');
  });
});
