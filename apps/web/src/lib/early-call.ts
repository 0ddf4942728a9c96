/**
 * A returning student's first data call, started by boot.js (scripts/write-boot-script.mjs) while the
 * app's code was still downloading, for the screen in the address bar (app/screens.json).
 */
interface EarlyCall {
  key: string;
  token: string;
  at: number;
  response: Promise<Response>;
}
declare global {
  interface Window {
    __earlyCall?: EarlyCall;
  }
}

/** An answer older than this is asked for again. */
const MAX_AGE_MS = 60_000;

/** The same key boot.js computes: the path and the body with its fields in name order. */
export const earlyCallKey = (path: string, body: object) => path + JSON.stringify(body, Object.keys(body).sort());

/** The early answer to exactly this call by this session, if there is one; it is handed out once. */
export function takeEarlyCall(path: string, body: object, token: string | null): Promise<Response> | undefined {
  const early = window.__earlyCall;
  if (!early || early.token !== token || early.key !== earlyCallKey(path, body)) return undefined;
  delete window.__earlyCall;
  return Date.now() - early.at <= MAX_AGE_MS ? early.response : undefined;
}
