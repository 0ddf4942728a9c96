import type { BodyInput, Endpoint, ResponseOf } from '@portal/contract';
import type * as z from 'zod/mini';
import { API_BASE_URL, NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from '../config/api.ts';
import { type Refusal, t, translateMessage, translateRefusal } from '../i18n/language.ts';
import { takeEarlyCall } from './early-call.ts';
import { useSession } from './session-store.ts';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the network failed. */
    readonly status: number,
    message: string,
    /** The server ended the session (401 on a signed-in call): the login screen shows the message, so no toast should. */
    readonly signedOut = false,
    /** The refusal's code and the one field it is about, when the server named them (contract/refusals.ts). */
    readonly refusal: { code?: string; field?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one way the app calls the API: adds the Token header, turns any status outside 200-299 into an
 * ApiError carrying the server's message (in the student's language, by its code), signs out on 401, and checks the
 * answer against the contract.
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
    const refusal = refusalOf(payload, response.status);
    const message = refusal
      ? translateRefusal(refusal)
      : t('Request failed with status code {status}', { status: response.status });
    const signedOut = response.status === 401 && endpoint.auth;
    if (signedOut) useSession.getState().removeUser(message);
    throw new ApiError(response.status, message, signedOut, { code: refusal?.code, field: refusal?.field });
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, t('The server sent an answer this app does not understand.'));
  // The screens show the answer's message (a toast, a result): in the student's language.
  // A refusal answered with 200 (`status: false`, a wrong code, a quiz taken before) is translated by its code.
  const answer = parsed.data as { status?: unknown; message?: unknown } | null;
  if (typeof answer === 'object' && answer !== null && typeof answer.message === 'string') {
    const refusal = answer.status === false ? refusalOf(answer, response.status) : undefined;
    answer.message = refusal ? translateRefusal(refusal) : translateMessage(answer.message);
  }
  return parsed.data as ResponseOf<E>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function refusalOf(payload: unknown, status: number): Refusal | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const said = payload as Record<string, unknown>;
  const message = text(said.message);
  return message === undefined ? undefined : { message, code: text(said.code), field: text(said.field), status };
}
