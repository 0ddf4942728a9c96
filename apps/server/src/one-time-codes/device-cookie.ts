import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_DEVICE_SECONDS } from './limits.ts';

/**
 * The browser's device id: 256 random bits the server sets after a sign-in and the browser sends back by itself, so
 * the app needs no code for it (nothing on /login's first load). HttpOnly, so no script reads it; SameSite=Strict,
 * so no other site makes the browser send it; Secure over https. Stored only as its SHA-256 (known-device-repository).
 */
const DEVICE_COOKIE = 'portal_device';
const wellFormed = /^[A-Za-z0-9_-]{43}$/;

/** The device id the request carries, if it has a well-formed one. */
export function readDeviceId(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && wellFormed.test(value)) return value;
  }
  return undefined;
}

export const newDeviceId = () => randomBytes(32).toString('base64url');

export const hashDeviceId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Gives the browser its device id for the calls under `path` (the student API or the console's), for a year. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string, path: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${id}; Path=${path}; Max-Age=${KNOWN_DEVICE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}
