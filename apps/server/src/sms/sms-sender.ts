/**
 * Hands one text message to a gateway; rejects when it could not. `code` is the sign-in code the text
 * carries, for gateways (MSG91) that fill a registered template themselves.
 */
export interface SmsSender {
  send(to: string, text: string, code: string): Promise<void>;
  /**
   * Hands a staff message from a registered template to the gateway. Gateways that fill templates themselves (MSG91)
   * implement it; for the others (and test doubles) send-message.ts sends `message.text` with `send`.
   */
  sendMessage?(to: string, message: TemplatedText): Promise<void>;
}

/** A message from one of the institute's DLT-registered templates, already filled in for its recipient. */
export interface TemplatedText {
  text: string;
  dltTemplateId: string;
  gatewayTemplateId: string;
  /** Each variable's value for this recipient, `name` included. */
  variables: Record<string, string>;
}

/** What a gateway answered, kept for the log (never the code: see send-sign-in-code.ts). */
export interface GatewayAnswer {
  status: number;
  body: string;
}

/** A gateway refused the message, failed, or did not answer in time. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly answer?: GatewayAnswer,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}
