import type { BodyInput, ResponseOf } from '@portal/contract';
import type { ConsoleEndpoint } from '@portal/contract/console';
import type * as z from 'zod/mini';
import { useStaffSession } from './staff-session.ts';

/** Where the console API lives (the server's CONSOLE_API_BASE). */
export const CONSOLE_API_BASE: string = import.meta.env.VITE_CONSOLE_API_BASE_URL ?? '/console/micros/Staff';

export class ConsoleApiError extends Error {
  constructor(
    /** HTTP status; 0 when the network failed. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

/**
 * The one way the console calls its API: adds the staff token, turns a status outside 200-299 into a
 * ConsoleApiError with the server's message, signs out on 401, and checks the answer against the contract.
 */
export async function callConsole<E extends ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType>>(
  endpoint: E,
  ...[body]: E['body'] extends z.ZodMiniType ? [BodyInput<E>] | [] : []
): Promise<ResponseOf<E>> {
  const token = useStaffSession.getState().token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Token = token;
  let response: Response;
  try {
    response = await fetch(CONSOLE_API_BASE + endpoint.path, {
      method: endpoint.method,
      headers,
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ConsoleApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && endpoint.auth) useStaffSession.getState().signOut();
    throw new ConsoleApiError(
      response.status,
      messageOf(payload) ?? `Request failed with status code ${response.status}`,
    );
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success)
    throw new ConsoleApiError(response.status, 'The server sent an answer the console does not understand.');
  return parsed.data as ResponseOf<E>;
}

const messageOf = (payload: unknown): string | undefined =>
  typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
    ? payload.message
    : undefined;

/** The field a server refusal names (`mobile: …` → `mobile`), so a form can show it beside that field. */
export function fieldOf(message: string): { field: string; problem: string } | undefined {
  const match = /^([a-z_]+): (.+)$/s.exec(message);
  return match ? { field: match[1]!, problem: match[2]! } : undefined;
}

/** A server refusal's problem as a sentence about the field: "This mobile number is required." or the server's own sentence. */
export const problemSentence = (label: string, problem: string) =>
  /^[A-Z]/.test(problem) ? problem : `This ${label} ${problem.replace(/\.$/, '')}.`;
