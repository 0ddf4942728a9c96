import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Path under the API base, e.g. `/Student/get_profile`. */
  path: string;
  body: unknown;
  token: string | null;
}

export interface Answer {
  status: number;
  body: unknown;
}

type Handler = (call: ApiCall) => Answer | Promise<Answer>;

export const ok = (data: unknown, message = 'OK'): Answer => ({ status: 200, body: { status: true, message, data } });
/** A refusal as the server writes it; `code` and `field` as the contract's refusals carry them (contract/refusals.ts). */
export const refused = (status: number, message: string, details: { code?: string; field?: string } = {}): Answer => ({
  status,
  body: { status: false, message, ...details },
});

const API_BASE = '/console/micros/Api';

/**
 * Replaces global fetch with answers per API path (the screens' own hooks and client stay real).
 * A path without a handler answers 404. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    const headers = new Headers(init?.headers);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: headers.get('Token'),
    };
    calls.push(call);
    const handler = handlers[path];
    const answer = handler ? await handler(call) : refused(404, `No handler for ${path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
