import type { FailureReason } from '../../lib/downloads/run-download.ts';
import { t } from '../../i18n/language.ts';

/** What the student is told when a download stops. */
export function failureText(reason: FailureReason | undefined): string {
  switch (reason) {
    case 'cancelled':
      return t('Download cancelled. Nothing of it was kept.');
    case 'quota':
      return t('There is not enough space on this device. Delete some downloads (or other files) and try again.');
    case 'network':
      return t('The connection was lost, so the download stopped. Try again when you are back online.');
    default:
      return t('The download was refused. Open the topic again and try once more.');
  }
}
