import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './institute-time.ts';

describe('times on the institute clock', () => {
  it('reads 09:00 in Asia/Kolkata as 03:30 UTC, and back', () => {
    expect(zonedToIso('2026-12-01T09:00', 'Asia/Kolkata')).toBe('2026-12-01T03:30:00Z');
    expect(isoToZoned('2026-12-01T03:30:00Z', 'Asia/Kolkata')).toBe('2026-12-01T09:00');
  });

  it('follows daylight saving where the zone has it', () => {
    expect(zonedToIso('2027-03-20T09:00', 'Europe/London')).toBe('2027-03-20T09:00:00Z');
    expect(zonedToIso('2027-04-03T09:00', 'Europe/London')).toBe('2027-04-03T08:00:00Z');
    expect(isoToZoned('2027-04-03T08:00:00Z', 'Europe/London')).toBe('2027-04-03T09:00');
  });
});
