import { describe, expect, it } from 'vitest';
import { mediaSignatureSession, signedMediaLink } from '../src/http/media-links.ts';

const key = 'test-key';
const session = 'a'.repeat(64);
const other = 'b'.repeat(64);
const mediaSignatureAllows = (signature: string, path: string, signingKey: string, at: number) =>
  mediaSignatureSession(signature, path, signingKey, at) === session;
const now = Date.UTC(2026, 10, 23, 14, 20);
const HOUR = 3_600_000;
const signatureOf = (link: string) => link.split('/')[3]!;

describe('signed video links', () => {
  it('leaves YouTube, Vimeo, other servers and pictures as they are', () => {
    for (const link of ['https://www.youtube.com/watch?v=x', 'https://vimeo.com/1', '/media/subjects/physics.svg', '/media/videos/thumbnails/a.jpg']) {
      expect(signedMediaLink(link, key, session, now)).toBe(link);
    }
  });

  it('gives the same link all hour, so a refetch does not reload a playing video', () => {
    const link = signedMediaLink('/media/videos/lesson-a.webm', key, session, now);
    expect(link).toMatch(/^\/media\/v\/\d+\.[\w-]{43}\.[\w-]{27}\/videos\/lesson-a\.webm$/);
    expect(signedMediaLink('/media/videos/lesson-a.webm', key, session, now + 30 * 60_000)).toBe(link);
  });

  it('signs for the key and the session it is given, also after signing the same video for another (links are remembered)', () => {
    const path = 'videos/lesson-b.webm';
    const first = signatureOf(signedMediaLink(`/media/${path}`, key, session, now));
    const otherKey = signatureOf(signedMediaLink(`/media/${path}`, 'another-key', session, now));
    const otherSession = signatureOf(signedMediaLink(`/media/${path}`, key, other, now));
    expect(new Set([first, otherKey, otherSession]).size).toBe(3);
    expect(mediaSignatureAllows(otherKey, path, 'another-key', now)).toBe(true);
    expect(mediaSignatureAllows(otherKey, path, key, now)).toBe(false);
    expect(mediaSignatureSession(otherSession, path, key, now)).toBe(other);
    // The next hour's link is a new one, not the remembered one of this hour.
    expect(signatureOf(signedMediaLink(`/media/${path}`, key, session, now + HOUR))).not.toBe(first);
    expect(signatureOf(signedMediaLink(`/media/${path}`, key, session, now))).toBe(first);
  });

  it('works for at least six hours, then no more', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, session, now));
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', key, now + 6 * HOUR)).toBe(true);
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', key, now + 8 * HOUR)).toBe(false);
  });

  it("covers one file, or a stream's playlist with its segments, and nothing else", () => {
    const file = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, session, now));
    expect(mediaSignatureAllows(file, 'videos/lesson-b.webm', key, now)).toBe(false);
    const stream = signatureOf(signedMediaLink('/media/videos/hls/stream.m3u8', key, session, now));
    expect(mediaSignatureAllows(stream, 'videos/hls/stream-00.ts', key, now)).toBe(true);
    expect(mediaSignatureAllows(stream, 'videos/other/stream-00.ts', key, now)).toBe(false);
    expect(mediaSignatureAllows(stream, 'videos/lesson-a.webm', key, now)).toBe(false);
  });

  it('is refused under another key or with a changed expiry', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, session, now));
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', 'other-key', now)).toBe(false);
    const [expires, holder, mac] = signature.split('.');
    expect(mediaSignatureAllows(`${Number(expires) + 3600}.${holder}.${mac}`, 'videos/lesson-a.webm', key, now)).toBe(false);
  });

  it('names the session it was given to, and cannot be moved to another', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, session, now));
    expect(mediaSignatureSession(signature, 'videos/lesson-a.webm', key, now)).toBe(session);
    const [expires, , mac] = signature.split('.');
    expect(mediaSignatureSession(`${expires}.${Buffer.from(other, 'hex').toString('base64url')}.${mac}`, 'videos/lesson-a.webm', key, now)).toBeUndefined();
  });
});
