import type { BodyInput, Endpoint, ResponseOf } from '@portal/contract';
import type * as z from 'zod/mini';
import { API_BASE_URL, NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from '../config/api.ts';
import { t, translateMessage } from '../i18n/language.ts';
import { takeEarlyCall } from './early-call.ts';
import { useSession } from './session-store.ts';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the network failed. */
    readonly status: number,
    message: string,
    /** The server ended the session (401 on a signed-in call): the login screen shows the message, so no toast should. */
    readonly signedOut = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one way the app calls the API: adds the Token header, turns any status outside 200-299 into an
 * ApiError carrying the server's message, signs out on 401, and checks the answer against the contract.
 * A call that boot.js already started for this screen takes that answer instead of asking again.
 */
export async function callApi<E extends Endpoint<z.ZodMiniType | undefined, z.ZodMiniType>>(
  endpoint: E,
  ...[body]: E['body'] extends z.ZodMiniType ? [BodyInput<E>] : []
): Promise<ResponseOf<E>> {
  const token = useSession.getState().token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  // Every call of a signed-in student carries the session (spec section 6), even one that does not need it.
  if (token) headers.Token = token;

  // Known to be offline: say so at once rather than wait for the request to fail.
  if (!navigator.onLine) throw new ApiError(0, t(OFFLINE_MESSAGE));
  const sent = endpoint.method === 'GET' ? undefined : (body ?? {});
  let response: Response;
  try {
    response = await ((sent && takeEarlyCall(endpoint.path, sent, token)) ??
      fetch(API_BASE_URL + endpoint.path, { method: endpoint.method, headers, body: sent && JSON.stringify(sent) }));
  } catch {
    throw new ApiError(0, t(NETWORK_ERROR_MESSAGE));
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const said = messageOf(payload);
    const message = said ? translateMessage(said) : t('Request failed with status code {status}', { status: response.status });
    const signedOut = response.status === 401 && endpoint.auth;
    if (signedOut) useSession.getState().removeUser(message);
    throw new ApiError(response.status, message, signedOut);
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, t('The server sent an answer this app does not understand.'));
  // The screens show the answer's message (a toast, a result): in the student's language.
  const answer = parsed.data as { message?: unknown };
  if (typeof answer === 'object' && answer !== null && typeof answer.message === 'string') answer.message = translateMessage(answer.message);
  return parsed.data as ResponseOf<E>;
}

const messageOf = (payload: unknown): string | undefined =>
  typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
    ? payload.message
    : undefined;
