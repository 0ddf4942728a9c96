import type { DownloadStep } from '@portal/contract/downloads';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { t } from '../../i18n/language.ts';

/** "240p (lowest) · 2.1 MB", "Original file · 12 MB". */
export function stepLabel(step: DownloadStep, lowest: boolean): string {
  const name =
    step.name === 'original'
      ? t('Original file')
      : lowest
        ? t('{step} (lowest quality)', { step: step.name })
        : step.name;
  return `${name} · ${formatBytes(step.bytes)}`;
}
