import { gatewayRequest, isSuccess } from './gateway-request.ts';
import { SmsGatewayError, type SmsSender } from './sms-sender.ts';

export interface HttpSenderOptions {
  url: string;
  token?: string | undefined;
  sender: string;
  timeoutMs: number;
}

/**
 * A generic SMS gateway: POSTs `{to, text, sender}` as JSON, and a staff message's DLT template id as
 * `dlt_template_id` (Indian gateways pass it on to the operator); any answer outside 2xx is a failure.
 */
export function httpSender({ url, token, sender, timeoutMs }: HttpSenderOptions): SmsSender {
  const post = async (fields: Record<string, string>) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const answer = await gatewayRequest(
      url,
      { method: 'POST', headers, body: JSON.stringify({ ...fields, sender }) },
      timeoutMs,
    );
    if (!isSuccess(answer)) throw new SmsGatewayError(`gateway answered ${answer.status}`, answer);
  };
  return {
    send: (to, text) => post({ to, text }),
    sendMessage: (to, { text, dltTemplateId }) =>
      post(dltTemplateId ? { to, text, dlt_template_id: dltTemplateId } : { to, text }),
  };
}
