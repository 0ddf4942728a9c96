import type { Queryable } from '../db/database.ts';
import { KNOWN_DEVICE_SECONDS } from './limits.ts';

/** Whether the device (its id's hash) completed a sign-in for the number within KNOWN_DEVICE_SECONDS. */
export async function isKnownDeviceFor(db: Queryable, deviceHash: string, phone: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM known_devices WHERE device_hash = $1 AND phone = $2 AND signed_in_at > now() - make_interval(secs => $3)`,
    [deviceHash, phone, KNOWN_DEVICE_SECONDS],
  );
  return rows.length > 0;
}

/** Whether the server ever gave out this device id (for any number): an id a client made up is not. */
export async function isIssuedDevice(db: Queryable, deviceHash: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM known_devices WHERE device_hash = $1 LIMIT 1', [deviceHash]);
  return rows.length > 0;
}

/** Binds the device to a number it has just signed in to (again), from now. */
export async function rememberDevice(db: Queryable, deviceHash: string, phone: string) {
  await db.query(
    `INSERT INTO known_devices (device_hash, phone) VALUES ($1, $2)
     ON CONFLICT (device_hash, phone) DO UPDATE SET signed_in_at = now()`,
    [deviceHash, phone],
  );
}

/** Forgets devices that have not signed in to a number for KNOWN_DEVICE_SECONDS. */
export async function deleteForgottenDevices(db: Queryable) {
  await db.query('DELETE FROM known_devices WHERE signed_in_at < now() - make_interval(secs => $1)', [
    KNOWN_DEVICE_SECONDS,
  ]);
}
