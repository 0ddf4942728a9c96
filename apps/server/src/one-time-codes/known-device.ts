import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { hashDeviceId, newDeviceId, readDeviceId, setDeviceCookie } from './device-cookie.ts';
import { isIssuedDevice, rememberDevice } from './known-device-repository.ts';

/**
 * After a sign-in to `phone`: binds the browser's device id to the number and (re)sets its cookie under `path`. A
 * browser keeps its id across the numbers it signs in to; one the server never gave out (made up, or forgotten after
 * a year) is replaced by a new random one, so nobody chooses the id that a sign-in makes known.
 */
export async function rememberSignedInDevice(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: string,
  path: string,
) {
  const presented = readDeviceId(request);
  const id = presented && (await isIssuedDevice(db, hashDeviceId(presented))) ? presented : newDeviceId();
  await rememberDevice(db, hashDeviceId(id), phone);
  setDeviceCookie(request, reply, id, path);
}

/** The hash of the device id a code request carries (checked against the number where the code's limits are counted). */
export function presentedDevice(request: FastifyRequest): string | null {
  const id = readDeviceId(request);
  return id ? hashDeviceId(id) : null;
}
