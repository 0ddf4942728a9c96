import { SmsGatewayError, type GatewayAnswer } from './sms-sender.ts';

/** Longest gateway answer kept for the log. */
const ANSWER_LIMIT = 2000;

/**
 * Sends one request to a gateway and reads its whole answer within `timeoutMs`. A timeout or a network
 * failure rejects with SmsGatewayError; any answer, 2xx or not, is returned for the provider to judge.
 */
export async function gatewayRequest(url: string, init: RequestInit, timeoutMs: number): Promise<GatewayAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.text()).slice(0, ANSWER_LIMIT);
    return { status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new SmsGatewayError(timedOut ? `no answer within ${timeoutMs} ms` : `request failed${cause}`);
  }
}

export const isSuccess = (answer: GatewayAnswer) => answer.status >= 200 && answer.status < 300;

export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
