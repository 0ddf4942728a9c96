import { createHmac, timingSafeEqual } from 'node:crypto';
import { posix } from 'node:path';

// Topic videos are course content: a signed-in student gets links that carry a signature, and the server
// serves a video only under a valid one, so a signed-out visitor cannot fetch one by guessing its name.
//
// A link is /media/v/{expires}.{mac}/{path under media/}. The signature sits in the path, not the query,
// so that an HLS playlist's relative segment addresses inherit it.

const VIDEO_FILE = /\.(webm|mp4|m4v|mov|ogv|mkv)$/i;
const STREAM_FILE = /\.(m3u8|ts|m4s|aac|vtt)$/i;
const HOUR = 3600;
/** A link works for at least this long: a long lesson paused for lunch still resumes. */
const LIFETIME_HOURS = 6;

/** Whether a file under media/ is served only through a signed link. */
export const isProtectedMedia = (path: string) => VIDEO_FILE.test(path) || STREAM_FILE.test(path);

/** What a signature covers: the file itself, or for a stream the folder of its playlist and segments. */
const scopeOf = (path: string) => (STREAM_FILE.test(path) ? `${posix.dirname(path)}/` : path);

const mac = (key: string, scope: string, expires: number) =>
  createHmac('sha256', key).update(`media-link|${scope}|${expires}`).digest('base64url').slice(0, 27);

/**
 * The link a student is given for a stored video address. Addresses outside /media/ (YouTube, Vimeo, other
 * servers) and media that is not video are given as they are. The expiry is rounded to the hour, so the
 * link does not change between refetches within an hour and a playing video is not reloaded.
 */
export function signedMediaLink(link: string, key: string, now = Date.now()): string {
  if (!link.startsWith('/media/') || link.startsWith('/media/v/')) return link;
  const path = link.slice('/media/'.length);
  if (!isProtectedMedia(path)) return link;
  const expires = (Math.ceil(now / 1000 / HOUR) + LIFETIME_HOURS) * HOUR;
  return `/media/v/${expires}.${mac(key, scopeOf(path), expires)}/${path}`;
}

/** Whether `signature` ({expires}.{mac}) lets this path under media/ be served now. */
export function mediaSignatureAllows(signature: string, path: string, key: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([\w-]{27})$/.exec(signature);
  if (!match || !isProtectedMedia(path)) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(mac(key, scopeOf(path), expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
