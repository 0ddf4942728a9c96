// The ONE place dates and times become text on every screen: always in the institute's time zone
// (INSTITUTE_TIMEZONE, baked in at build time, Asia/Kolkata by default), whatever the device's zone, and
// in one format per kind: "24 Nov 2026", "4:30 pm", "24 Nov 2026, 4:30 pm", "Tue, 24 Nov".
// The locale follows the app's language (en-IN, hi-IN) unless a caller names one.

import { currentLocale, t } from '../i18n/language.ts';

declare const __INSTITUTE_TIMEZONE__: string | undefined;

export const INSTITUTE_TIME_ZONE = typeof __INSTITUTE_TIMEZONE__ === 'string' ? __INSTITUTE_TIMEZONE__ : 'Asia/Kolkata';

export type DateTimeStyle = 'date' | 'time' | 'dateTime' | 'weekdayDate';

const styles: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short' },
};

/**
 * Hindi's data in the browsers (CLDR) writes the 12-hour clock's "am"/"pm" in English ("5:00 pm"); its words for the
 * part of the day ("शाम 5:00", "सुबह 9:00") are Hindi, so Hindi times name the part of the day instead.
 */
const hourWords = (style: DateTimeStyle, locale: string): Intl.DateTimeFormatOptions =>
  locale.startsWith('hi') && (style === 'time' || style === 'dateTime') ? { dayPeriod: 'short' } : {};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: DateTimeStyle, locale: string, timeZone: string) {
  const key = `${style}|${locale}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...styles[style], ...hourWords(style, locale), timeZone });
    formatters.set(key, found);
  }
  return found;
}

export interface DateTimeOptions {
  locale?: string;
  timeZone?: string;
}

/** A date, time or both as the student reads it; an unreadable value is returned as it came. */
export function formatDateTime(
  value: Date | string,
  style: DateTimeStyle,
  { locale = currentLocale(), timeZone = INSTITUTE_TIME_ZONE }: DateTimeOptions = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(style, locale, timeZone).format(date);
}

/** The calendar day (days since 1970) a moment falls on in the time zone. */
function dayNumber(date: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return Math.round(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000);
}

/** 'today at 4:30 pm', 'tomorrow at 9:00 am', 'Mon, 12 May at 4:30 pm': days counted in the institute's zone. */
export function formatWhen(
  date: Date,
  now: number,
  { locale = currentLocale(), timeZone = INSTITUTE_TIME_ZONE }: DateTimeOptions = {},
): string {
  const days = dayNumber(date, timeZone) - dayNumber(new Date(now), timeZone);
  const day =
    Math.abs(days) <= 1
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
      : formatDateTime(date, 'weekdayDate', { locale, timeZone });
  return t('{day} at {time}', { day, time: formatDateTime(date, 'time', { locale, timeZone }) });
}
