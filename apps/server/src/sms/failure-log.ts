import { SmsGatewayError } from './sms-sender.ts';

/** A number as logs show it: its last 4 digits only (`+********3210`), enough to match a complaint, not to call. */
export function maskNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `${number.startsWith('+') ? '+' : ''}${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** `text` with every writing of `number` a gateway may echo (`+919876543210`, `919876543210`, `9876543210`) masked. */
function maskNumberIn(text: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  return text.replace(/\+?\d{7,}/g, (run) => (digits.endsWith(run.replace('+', '')) ? maskNumber(run) : run));
}

/**
 * What the log keeps of a text that could not be sent: the number masked, and the gateway's reason and answer with
 * the number masked in them too and `secret` (the code the text carried) blanked out.
 */
export function smsFailure(error: unknown, to: string, secret?: string) {
  const clean = (text: string) => {
    const masked = maskNumberIn(text, to);
    return secret ? masked.replaceAll(secret, '****') : masked;
  };
  const reason = clean(error instanceof Error ? error.message : String(error));
  const gateway =
    error instanceof SmsGatewayError && error.answer
      ? { status: error.answer.status, body: clean(error.answer.body) }
      : undefined;
  return { to: maskNumber(to), reason, gateway };
}
