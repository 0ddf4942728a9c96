/** The zone's offset from UTC at a moment, in minutes (330 for Asia/Kolkata). */
function offsetMinutes(moment: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(moment)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * A wall-clock time in a zone ('2026-12-01T09:00' in Asia/Kolkata) as the moment it names, ISO in UTC
 * ('2026-12-01T03:30:00Z'). The offset is looked up twice, so a time just after a daylight-saving change is right too.
 */
export function zonedToIso(local: string, timeZone: string): string {
  const asUtc = Date.parse(`${local}:00Z`);
  const first = offsetMinutes(new Date(asUtc), timeZone);
  const moment = asUtc - offsetMinutes(new Date(asUtc - first * 60_000), timeZone) * 60_000;
  return new Date(moment).toISOString().replace('.000Z', 'Z');
}

/** The moment as wall-clock time in the zone, 'YYYY-MM-DDTHH:MM' (for a datetime-local field). */
export function isoToZoned(iso: string, timeZone: string): string {
  const moment = new Date(iso);
  return new Date(moment.getTime() + offsetMinutes(moment, timeZone) * 60_000).toISOString().slice(0, 16);
}
