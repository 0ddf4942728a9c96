import { gatewayRequest, isSuccess, jsonOf } from './gateway-request.ts';
import { SmsGatewayError, type SmsSender } from './sms-sender.ts';

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  templateId: string;
  /** The template's variable that receives the code. */
  codeVar: string;
  sender?: string | undefined;
  timeoutMs: number;
}

/**
 * MSG91's Flow API: the text is the DLT-registered template `templateId`, which MSG91 fills with the code,
 * so `text` is not sent. Success is a 2xx answer whose JSON says `"type": "success"`.
 */
export function msg91Sender(options: Msg91Options): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/v5/flow/`;
  return {
    async send(to, _text, code) {
      const body: Record<string, unknown> = {
        template_id: options.templateId,
        short_url: '0',
        recipients: [{ mobiles: to.replace(/^\+/, ''), [options.codeVar]: code }],
      };
      if (options.sender) body.sender = options.sender;
      const answer = await gatewayRequest(
        url,
        {
          method: 'POST',
          headers: { authkey: options.authKey, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        },
        options.timeoutMs,
      );
      const json = jsonOf(answer.body);
      const type = typeof json === 'object' && json !== null && 'type' in json ? json.type : undefined;
      if (!isSuccess(answer) || type !== 'success') {
        throw new SmsGatewayError(`MSG91 answered ${answer.status}${type ? ` type ${String(type)}` : ''}`, answer);
      }
    },
  };
}
