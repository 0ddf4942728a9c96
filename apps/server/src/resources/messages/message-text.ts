import type { Config } from '../../config.ts';

/** `{variable}` replaced by its value; a variable without one stays as it is written, for the preview to show. */
export function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z][a-z0-9_]{0,29})\}/g, (whole, name: string) => values[name] ?? whole);
}

/** GSM 03.38's basic characters: a text of only these travels 160 to an SMS part, any other 70 (UCS-2). */
const GSM =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** The SMS parts a text takes, as gateways bill it: 160 or 153 a part in GSM-7, 70 or 67 in UCS-2 (Hindi). */
export function smsParts(text: string): number {
  const chars = [...text];
  const gsm = chars.every((c) => GSM.includes(c) || GSM_EXTENDED.includes(c));
  const length = gsm ? chars.reduce((sum, c) => sum + (GSM_EXTENDED.includes(c) ? 2 : 1), 0) : chars.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}

/**
 * Whether staff may write a text of their own instead of choosing a template (docs/decisions/068): never through
 * MSG91, which sends only templates it holds, and never to India, where operators drop a text that matches no
 * DLT-registered template; the log provider follows the same rule, so development shows what production will allow.
 */
export function freeTextAllowed(config: Pick<Config, 'SMS_PROVIDER' | 'SMS_COUNTRIES'>): boolean {
  return config.SMS_PROVIDER !== 'msg91' && !config.SMS_COUNTRIES.includes('IN');
}
