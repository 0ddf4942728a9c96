// The static twin: a bare node:http server answering every request with the same bytes as the portal's call (the
// bench's ceiling for this machine at this moment). Usage: node static-twin.mjs BODY_FILE [HEADERS_FILE]; prints its
// port. HEADERS_FILE (JSON) holds the portal's own headers for the answer, so the load generator reads what it reads
// from the portal; an `x-request-id` among them is made fresh for each answer, as the portal does.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '/dev/null');
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...(process.argv[3] ? JSON.parse(readFileSync(process.argv[3], 'utf8')) : {}),
  'content-length': body.length,
};
const freshId = 'x-request-id' in headers;
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, freshId ? { ...headers, 'x-request-id': randomUUID() } : headers);
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
