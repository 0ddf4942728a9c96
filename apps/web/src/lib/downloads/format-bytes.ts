import { currentLocale } from '../../i18n/language.ts';

/** 2_345_678 → "2.2 MB", 850_000 → "830 KB": sizes as a student weighs them against a data pack. */
export function formatBytes(bytes: number): string {
  const number = (value: number, digits: number) =>
    value.toLocaleString(currentLocale(), { maximumFractionDigits: digits });
  if (bytes >= 1024 * 1024 * 1024) return `${number(bytes / 1024 ** 3, 2)} GB`;
  if (bytes >= 1024 * 1024) return `${number(bytes / 1024 ** 2, 1)} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}
