import { gatewayRequest, isSuccess } from './gateway-request.ts';
import { SmsGatewayError, type SmsSender } from './sms-sender.ts';

export interface TwilioOptions {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A sending number (E.164) or, instead, a messaging service. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  timeoutMs: number;
}

/** Twilio's Messages resource: a form POST with HTTP Basic auth; any 2xx answer is success. */
export function twilioSender(options: TwilioOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(to, text) {
      const form = new URLSearchParams({ To: to, Body: text });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else if (options.from) form.set('From', options.from);
      const answer = await gatewayRequest(
        url,
        {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        options.timeoutMs,
      );
      if (!isSuccess(answer)) throw new SmsGatewayError(`Twilio answered ${answer.status}`, answer);
    },
  };
}
