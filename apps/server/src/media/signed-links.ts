import { createHmac, timingSafeEqual } from 'node:crypto';
import { posix } from 'node:path';

// Topic videos are course content: a signed-in student gets links that carry a signature, and the server
// serves a video only under a valid one, so a signed-out visitor cannot fetch one by guessing its name.
//
// A link is /media/v/{expires}.{subject}.{session}.{mac}/{path under media/}, where {session} is the hash of the
// session token it was given to (the hash, never the token; base64url) and {subject} the subject whose topic it was
// given for: the link works only while that session lives (docs/decisions/041) and its student is enrolled in that
// subject (048). The signature sits in the path, not the query, so that an HLS playlist's relative segment addresses
// inherit it.

const VIDEO_FILE = /\.(webm|mp4|m4v|mov|ogv|mkv)$/i;
const STREAM_FILE = /\.(m3u8|ts|m4s|aac|vtt)$/i;
const HOUR = 3600;
/** A link works for at least this long: a long lesson paused for lunch still resumes. */
const LIFETIME_HOURS = 6;

/** Whether a file under media/ is served only through a signed link. */
export const isProtectedMedia = (path: string) => VIDEO_FILE.test(path) || STREAM_FILE.test(path);

/** What a signature covers: the file itself, or for a stream the folder of its playlist and segments. */
const scopeOf = (path: string) => (STREAM_FILE.test(path) ? `${posix.dirname(path)}/` : path);

const mac = (key: string, scope: string, expires: number, subjectId: number, session: string) =>
  createHmac('sha256', key)
    .update(`media-link|${scope}|${expires}|${subjectId}|${session}`)
    .digest('base64url')
    .slice(0, 27);

/** Whom a link was given to: the session (its token's hash) and the subject of the topic. */
export interface LinkHolder {
  session: string;
  subjectId: number;
}

/**
 * The link a student is given for a stored video address of a topic of `holder.subjectId`, for the session whose
 * token hashes to `holder.session`.
 * Addresses outside /media/ (YouTube, Vimeo, other servers) and media that is not video are given as they are. The
 * expiry is rounded to the hour, so the link does not change between refetches within an hour and a playing video
 * is not reloaded.
 */
export function signedMediaLink(link: string, key: string, holder: LinkHolder, now = Date.now()): string {
  if (!link.startsWith('/media/') || link.startsWith('/media/v/')) return link;
  const path = link.slice('/media/'.length);
  if (!isProtectedMedia(path)) return link;
  const expires = (Math.ceil(now / 1000 / HOUR) + LIFETIME_HOURS) * HOUR;
  const links = signedLinksOf(key);
  const { session, subjectId } = holder;
  const remembered = `${expires} ${subjectId} ${session} ${path}`;
  let signed = links.get(remembered);
  if (signed === undefined) {
    // base64url keeps the signature within Fastify's 100-character route parameter (at most 95 characters).
    const sessionText = Buffer.from(session, 'hex').toString('base64url');
    signed = `/media/v/${expires}.${subjectId}.${sessionText}.${mac(key, scopeOf(path), expires, subjectId, session)}/${path}`;
    if (links.size >= REMEMBERED_LINKS) links.delete(links.keys().next().value!);
    links.set(remembered, signed);
  }
  return signed;
}

// A link is the same for an hour, and a session asks for the same videos again and again (a chapter's topics, its
// history): each is signed once and then remembered, the oldest forgotten first. A signature costs about 4 µs, and a
// list of topics signs each of its videos on every call (docs/decisions/030).
const REMEMBERED_LINKS = 20_000;
const signedLinks = new Map<string, Map<string, string>>();
const signedLinksOf = (key: string) => {
  let links = signedLinks.get(key);
  if (!links) signedLinks.set(key, (links = new Map()));
  return links;
};

/** Ids are PostgreSQL integers; a larger number would fail the enrolment query rather than simply not match. */
const MAX_ID = 2_147_483_647;

/**
 * Whom `signature` ({expires}.{subject}.{session}.{mac}) was given to, if it lets this path under media/ be served
 * now, or undefined. Whether that session still lives, and its student is still enrolled, is the caller's to check.
 */
export function mediaLinkHolder(
  signature: string,
  path: string,
  key: string,
  now = Date.now(),
): LinkHolder | undefined {
  const match = /^(\d{1,12})\.([1-9]\d{0,9})\.([\w-]{43})\.([\w-]{27})$/.exec(signature);
  if (!match || !isProtectedMedia(path)) return undefined;
  const expires = Number(match[1]);
  const subjectId = Number(match[2]);
  const session = Buffer.from(match[3]!, 'base64url').toString('hex');
  if (expires * 1000 <= now || subjectId > MAX_ID) return undefined;
  const expected = Buffer.from(mac(key, scopeOf(path), expires, subjectId, session));
  const given = Buffer.from(match[4]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { session, subjectId } : undefined;
}
