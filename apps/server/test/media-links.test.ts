import { describe, expect, it } from 'vitest';
import { mediaLinkHolder, signedMediaLink } from '../src/media/signed-links.ts';

const key = 'test-key';
const session = 'a'.repeat(64);
const other = 'b'.repeat(64);
const mine = { session, subjectId: 7 };
const mediaSignatureAllows = (signature: string, path: string, signingKey: string, at: number) =>
  mediaLinkHolder(signature, path, signingKey, at)?.session === session;
const now = Date.UTC(2026, 10, 23, 14, 20);
const HOUR = 3_600_000;
const signatureOf = (link: string) => link.split('/')[3]!;

describe('signed video links', () => {
  it('leaves YouTube, Vimeo, other servers and pictures as they are', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=x',
      'https://vimeo.com/1',
      '/media/subjects/physics.svg',
      '/media/videos/thumbnails/a.jpg',
    ]) {
      expect(signedMediaLink(link, key, mine, now)).toBe(link);
    }
  });

  it('gives the same link all hour, so a refetch does not reload a playing video', () => {
    const link = signedMediaLink('/media/videos/lesson-a.webm', key, mine, now);
    expect(link).toMatch(/^\/media\/v\/\d+\.7\.[\w-]{43}\.[\w-]{27}\/videos\/lesson-a\.webm$/);
    expect(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now + 30 * 60_000)).toBe(link);
  });

  it('signs for the key and the session it is given, also after signing the same video for another (links are remembered)', () => {
    const path = 'videos/lesson-b.webm';
    const first = signatureOf(signedMediaLink(`/media/${path}`, key, mine, now));
    const otherKey = signatureOf(signedMediaLink(`/media/${path}`, 'another-key', mine, now));
    const otherSession = signatureOf(signedMediaLink(`/media/${path}`, key, { session: other, subjectId: 7 }, now));
    expect(new Set([first, otherKey, otherSession]).size).toBe(3);
    expect(mediaSignatureAllows(otherKey, path, 'another-key', now)).toBe(true);
    expect(mediaSignatureAllows(otherKey, path, key, now)).toBe(false);
    expect(mediaLinkHolder(otherSession, path, key, now)).toEqual({ session: other, subjectId: 7 });
    // The next hour's link is a new one, not the remembered one of this hour.
    expect(signatureOf(signedMediaLink(`/media/${path}`, key, mine, now + HOUR))).not.toBe(first);
    expect(signatureOf(signedMediaLink(`/media/${path}`, key, mine, now))).toBe(first);
  });

  it('works for at least six hours, then no more', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now));
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', key, now + 6 * HOUR)).toBe(true);
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', key, now + 8 * HOUR)).toBe(false);
  });

  it("covers one file, or a stream's playlist with its segments, and nothing else", () => {
    const file = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now));
    expect(mediaSignatureAllows(file, 'videos/lesson-b.webm', key, now)).toBe(false);
    const stream = signatureOf(signedMediaLink('/media/videos/hls/stream.m3u8', key, mine, now));
    expect(mediaSignatureAllows(stream, 'videos/hls/stream-00.ts', key, now)).toBe(true);
    expect(mediaSignatureAllows(stream, 'videos/other/stream-00.ts', key, now)).toBe(false);
    expect(mediaSignatureAllows(stream, 'videos/lesson-a.webm', key, now)).toBe(false);
  });

  it('is refused under another key or with a changed expiry', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now));
    expect(mediaSignatureAllows(signature, 'videos/lesson-a.webm', 'other-key', now)).toBe(false);
    const [expires, subject, holder, mac] = signature.split('.');
    expect(
      mediaSignatureAllows(`${Number(expires) + 3600}.${subject}.${holder}.${mac}`, 'videos/lesson-a.webm', key, now),
    ).toBe(false);
  });

  it('names the session and the subject it was given for, and cannot be moved to another of either', () => {
    const signature = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now));
    expect(mediaLinkHolder(signature, 'videos/lesson-a.webm', key, now)).toEqual(mine);
    const [expires, subject, , mac] = signature.split('.');
    const holder = Buffer.from(session, 'hex').toString('base64url');
    const otherHolder = Buffer.from(other, 'hex').toString('base64url');
    expect(
      mediaLinkHolder(`${expires}.${subject}.${otherHolder}.${mac}`, 'videos/lesson-a.webm', key, now),
    ).toBeUndefined();
    for (const swapped of ['8', '07', '70'])
      expect(
        mediaLinkHolder(`${expires}.${swapped}.${holder}.${mac}`, 'videos/lesson-a.webm', key, now),
      ).toBeUndefined();
  });

  it("gives each subject its own link to the same video, and stays within Fastify's 100-character route parameter", () => {
    const a = signatureOf(signedMediaLink('/media/videos/lesson-a.webm', key, mine, now));
    const b = signatureOf(
      signedMediaLink('/media/videos/lesson-a.webm', key, { session, subjectId: 2_147_483_647 }, now),
    );
    expect(a).not.toBe(b);
    expect(mediaLinkHolder(b, 'videos/lesson-a.webm', key, now)?.subjectId).toBe(2_147_483_647);
    expect(b.length).toBeLessThanOrEqual(100);
  });
});
