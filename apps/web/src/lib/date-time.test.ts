import { describe, expect, it } from 'vitest';
import { formatDateTime, formatWhen, INSTITUTE_TIME_ZONE } from './date-time.ts';

// 16:00 in Kolkata.
const classStart = '2026-11-23T10:30:00Z';

describe('the one date and time formatter', () => {
  it("shows every kind of value in one format, in the institute's zone (Asia/Kolkata by default)", () => {
    expect(INSTITUTE_TIME_ZONE).toBe('Asia/Kolkata');
    expect(formatDateTime(classStart, 'date')).toBe('23 Nov 2026');
    expect(formatDateTime(classStart, 'time')).toBe('4:00 pm');
    expect(formatDateTime(classStart, 'dateTime')).toBe('23 Nov 2026, 4:00 pm');
    expect(formatDateTime(new Date(classStart), 'weekdayDate')).toBe('Mon, 23 Nov');
  });

  it('puts a late-evening UTC time on the next day, as the institute lives it', () => {
    expect(formatDateTime('2026-10-23T20:00:00Z', 'date')).toBe('24 Oct 2026');
  });

  it('takes the locale as a parameter, so it follows the language', () => {
    expect(formatDateTime(classStart, 'date', { locale: 'hi-IN' })).toBe(
      new Intl.DateTimeFormat('hi-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(classStart)),
    );
    expect(formatDateTime(classStart, 'date', { locale: 'hi-IN' })).not.toBe('23 Nov 2026');
    expect(formatWhen(new Date(classStart), Date.parse(classStart) - 3_600_000, { locale: 'hi-IN' })).toMatch(/^आज /);
  });

  it('writes Hindi times without the English "am"/"pm" that Hindi\'s locale data keeps (issue 34)', () => {
    const hindi = { locale: 'hi-IN' };
    expect(formatDateTime(classStart, 'time', hindi)).toBe('शाम 4:00');
    expect(formatDateTime('2026-11-23T03:30:00Z', 'time', hindi)).toBe('सुबह 9:00');
    expect(formatDateTime(classStart, 'dateTime', hindi)).not.toMatch(/am|pm/i);
    expect(formatWhen(new Date(classStart), Date.parse(classStart) - 3_600_000, hindi)).not.toMatch(/am|pm/i);
  });

  it('can be given another zone, and leaves an unreadable value as it came', () => {
    expect(formatDateTime(classStart, 'time', { timeZone: 'UTC' })).toBe('10:30 am');
    expect(formatDateTime('not a date', 'date')).toBe('not a date');
  });
});
