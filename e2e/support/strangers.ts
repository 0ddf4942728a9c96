import { request } from 'node:http';
import { inject } from 'vitest';

/**
 * POSTs a JSON body to the shared server from a loopback source address of the test's choice (the whole of
 * 127.0.0.0/8 reaches it): a stranger somewhere else than the browser, which connects from 127.0.0.1.
 */
export async function postFrom(from: string, path: string, body: unknown, baseUrl = inject('baseUrl')) {
  return (await postJsonFrom(from, path, body, baseUrl)).status;
}

/** As postFrom, with the answer's JSON body. */
export function postJsonFrom<Answer>(
  from: string,
  path: string,
  body: unknown,
  baseUrl = inject('baseUrl'),
): Promise<{ status: number; answer: Answer }> {
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
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, answer: (text ? JSON.parse(text) : undefined) as Answer });
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(json);
  });
}
