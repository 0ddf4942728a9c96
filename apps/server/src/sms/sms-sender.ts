/**
 * Hands one text message to a gateway; rejects when it could not. `code` is the sign-in code the text
 * carries, for gateways (MSG91) that fill a registered template themselves.
 */
export interface SmsSender {
  send(to: string, text: string, code: string): Promise<void>;
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
