import { request } from 'node:http';

export interface Answer {
  status: number;
  body: any;
  /** The Set-Cookie headers of the answer. */
  cookies: string[];
}

/**
 * POSTs JSON over real HTTP from a loopback source address of the test's choice (`127.0.0.7`): the whole of
 * 127.0.0.0/8 reaches a server listening on 127.0.0.1, so a test can be many clients without trusting any
 * X-Forwarded-For. `cookie` is sent as the Cookie header, as a browser would.
 */
export function postFrom(
  from: string,
  url: string,
  body: unknown,
  options: { cookie?: string; token?: string } = {},
): Promise<Answer> {
  const json = JSON.stringify(body);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(json)),
  };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.token) headers.Token = options.token;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, localAddress: from }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the raw text is what the test sees.
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, cookies: response.headers['set-cookie'] ?? [] });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(json);
  });
}

/** `127.0.0.{n}`: the n-th loopback client (n from 2; 127.0.0.1 is the default client of other tests). */
export const loopback = (n: number) => `127.0.0.${n}`;
