import type { SmsSender, TemplatedText } from './sms-sender.ts';

/** Hands a staff message to the gateway: as a template where the gateway fills templates, as its text elsewhere. */
export function sendMessage(sms: SmsSender, to: string, message: TemplatedText): Promise<void> {
  return sms.sendMessage ? sms.sendMessage(to, message) : sms.send(to, message.text, '');
}
