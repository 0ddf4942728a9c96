import { request } from 'node:http';
import { inject } from 'vitest';

/**
 * POSTs a JSON body to the shared server from a loopback source address of the test's choice (the whole of
 * 127.0.0.0/8 reaches it): a stranger somewhere else than the browser, which connects from 127.0.0.1.
 */
export function postFrom(from: string, path: string, body: unknown, baseUrl = inject('baseUrl')): Promise<number> {
  const json = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(json);
  });
}
