import { t } from '../../../i18n/language.ts';

/** Pass and fail are matched whatever their case (spec section 9). */
export const isPass = (result: string) => result.toLowerCase() === 'pass';
export const isFail = (result: string) => result.toLowerCase() === 'fail';

/** The pass or fail icon of the complete screen; nothing for any other result. */
export function ResultIcon({ result }: { result: string }) {
  if (isPass(result)) {
    return (
      <svg role="img" aria-label={t('Passed')} viewBox="0 0 48 48" width="72" height="72" className="text-green-600">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d="M14 25l7 7 13-15"
          fill="none"
          stroke="var(--color-white)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
  }
  if (isFail(result)) {
    return (
      <svg role="img" aria-label={t('Not passed')} viewBox="0 0 48 48" width="72" height="72" className="text-red-600">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d="M16 16l16 16M32 16L16 32"
          fill="none"
          stroke="var(--color-white)"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  return null;
}
