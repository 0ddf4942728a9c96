import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';

/** What reached the stand-in: the path it was pushed to, its headers, and the encrypted body. */
export interface Arrival {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's subscription, whose ECDH keys and auth secret the test holds. */
export interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}

export interface PushStandIn {
  /** The HTTPS agent that trusts the stand-in's certificate: give it to the server's Web Push (`pushAgent`). */
  agent: Agent;
  arrivals: Arrival[];
  /** A new subscription; `gone` makes the stand-in answer 410, as for a subscription the browser dropped. */
  newDevice(gone?: boolean): Device;
  /** What arrived for the device. */
  arrivedAt(device: Device): Arrival[];
  /** An arrival decrypted with the device's keys, as the browser reads it (RFC 8291 aes128gcm), as JSON. */
  read(device: Device, arrival: Arrival): any;
  close(): Promise<void>;
}

/**
 * A stand-in push service on this machine (https: web-push speaks nothing else), with a certificate made for it, which
 * the server's Web Push is told to trust through `agent`. It answers 201 to every push, 410 to a device made `gone`.
 */
export async function startPushStandIn(): Promise<PushStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', 'key.pem', '-out', 'cert.pem', '-days', '2', '-subj', '/CN=push stand-in'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1'],
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const arrivals: Arrival[] = [];
  const service = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });
  let devices = 0;
  return {
    agent,
    arrivals,
    newDevice(gone = false) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${url}/${gone ? 'gone' : 'push'}/device-${++devices}`,
        ecdh,
        auth,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    arrivedAt: (device) => arrivals.filter((a) => `${url}${a.path}` === device.endpoint),
    read: (device, arrival) =>
      JSON.parse(
        decrypt(arrival.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString(),
      ),
    async close() {
      await new Promise((resolve) => service.close(resolve));
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
