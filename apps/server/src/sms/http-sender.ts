import { gatewayRequest, isSuccess } from './gateway-request.ts';
import { SmsGatewayError, type SmsSender } from './sms-sender.ts';

export interface HttpSenderOptions {
  url: string;
  token?: string | undefined;
  sender: string;
  timeoutMs: number;
}

/** A generic SMS gateway: POSTs `{to, text, sender}` as JSON; any answer outside 2xx is a failure. */
export function httpSender({ url, token, sender, timeoutMs }: HttpSenderOptions): SmsSender {
  return {
    async send(to, text) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const answer = await gatewayRequest(
        url,
        { method: 'POST', headers, body: JSON.stringify({ to, text, sender }) },
        timeoutMs,
      );
      if (!isSuccess(answer)) throw new SmsGatewayError(`gateway answered ${answer.status}`, answer);
    },
  };
}
