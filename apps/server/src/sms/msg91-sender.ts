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
  const flow = async (templateId: string, to: string, variables: Record<string, string>) => {
    const body: Record<string, unknown> = {
      template_id: templateId,
      short_url: '0',
      recipients: [{ ...variables, mobiles: to.replace(/^\+/, '') }],
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
  };
  return {
    send: (to, _text, code) => flow(options.templateId, to, { [options.codeVar]: code }),
    // A staff message is the MSG91 template registered for it, filled with its variables by name.
    async sendMessage(to, { gatewayTemplateId, variables }) {
      if (!gatewayTemplateId)
        throw new SmsGatewayError('this template has no MSG91 template id (Messages → Templates)');
      await flow(gatewayTemplateId, to, variables);
    },
  };
}
