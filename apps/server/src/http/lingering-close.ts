import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how much, the rest of a refused body is read and thrown away once its answer has gone. */
export const LINGER = { ms: 5_000, bytes: 64 * 1024 * 1024 };

/** The request whose body a connection is still receiving, for the connections lingerBeforeClosing looks after. */
const receiving = new WeakMap<Socket, IncomingMessage>();
const lingering = new WeakSet<Socket>();

/**
 * Makes the end of a connection gentle for a request answered before its whole body arrived, so that a client still
 * sending reads its answer. When Node closes a connection after an answer (`Connection: close` either way) it calls
 * `socket.destroySoon()`, which destroys the socket as soon as the answer is written, with the client's body still
 * arriving: the kernel answers the unread bytes with a reset, and a client busy writing its body fails its next write
 * (EPIPE) before it has read the answer (issue 32: 6 to 11 of 20 strangers lost their 401). Instead, as RFC 9112
 * §9.6 advises, our side of the connection is ended after the answer (FIN), the rest of the body is read and thrown
 * away, and the socket is destroyed once the body or the client's sending ends, or at `LINGER` (time or bytes), so a
 * stranger cannot hold it for ever. Nothing changes for a connection Node keeps open (it reads the rest itself).
 */
export function lingerBeforeClosing(request: IncomingMessage, limits = LINGER) {
  const socket = request.socket as Socket | null;
  if (!socket || socket.destroyed || request.complete) return;
  // destroySoon is Node's own (net.Socket, undocumented): without it, the plain close stays, as before this existed;
  // test/refused-bodies.test.ts fails if a Node upgrade takes the gentle close away.
  if (typeof socket.destroySoon !== 'function') return;
  if (!receiving.has(socket)) socket.destroySoon = closeGently(socket, socket.destroySoon.bind(socket), limits);
  // A connection kept open serves the next request: the one to wait for is always the latest.
  receiving.set(socket, request);
}

function closeGently(socket: Socket, destroySoon: () => void, limits: typeof LINGER) {
  return () => {
    const request = receiving.get(socket);
    if (!request || request.complete || socket.destroyed) return destroySoon();
    lingering.add(socket);
    if (socket.writable) socket.end();
    const since = Date.now();
    const readBefore = socket.bytesRead;
    const stop = () => {
      clearInterval(watch);
      socket.destroy();
    };
    const watch = setInterval(
      () => {
        if (socket.bytesRead - readBefore > limits.bytes || Date.now() - since > limits.ms) stop();
      },
      Math.min(100, limits.ms),
    ).unref();
    // The body has all arrived (what would follow is another request, which is not wanted), or the client is done.
    request.once('end', stop);
    socket.once('end', stop);
    socket.once('close', () => clearInterval(watch));
    // Thrown away as it comes (Node does this for a body nobody read; an upload that failed half way had it piped).
    request.unpipe();
    request.removeAllListeners('data');
    request.resume();
  };
}

/** Whether this connection is being held open to read the rest of a refused body (counted as its request). */
export const isLingering = (socket: Socket | null): socket is Socket =>
  socket !== null && lingering.has(socket) && !socket.destroyed;
