import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

interface Watched {
  socket: Socket;
  request: { complete: boolean; destroyed: boolean };
  bytesRead: number;
  movedAt: number;
}

/**
 * Closes the connection of a request whose body stops arriving for `silenceMs` (dropped after `silenceMs` to
 * 4/3 of it). A slow line that keeps sending is never cut, however long it takes; a client that sent part of a body
 * and stalls no longer holds its connection and what was read of it. One sweep looks at every body in progress
 * (the bytes its socket has read), so a request costs no timer of its own.
 */
export function dropSilentBodies(app: FastifyInstance, silenceMs: number) {
  const watched = new Set<Watched>();
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    const now = Date.now();
    for (const body of watched) {
      if (body.request.complete || body.request.destroyed || body.socket.destroyed) watched.delete(body);
      else if (body.socket.bytesRead !== body.bytesRead) {
        body.bytesRead = body.socket.bytesRead;
        body.movedAt = now;
      } else if (now - body.movedAt >= silenceMs) {
        watched.delete(body);
        app.log.info({ silentMs: now - body.movedAt }, 'request body stopped arriving; connection closed');
        body.socket.destroy();
      }
    }
    if (watched.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | null;
    const hasBody =
      raw.headers['content-length'] !== undefined
        ? raw.headers['content-length'] !== '0'
        : raw.headers['transfer-encoding'] !== undefined;
    if (hasBody && socket && !raw.complete) {
      watched.add({ socket, request: raw, bytesRead: socket.bytesRead, movedAt: Date.now() });
      sweeper ??= setInterval(sweep, Math.max(50, Math.floor(silenceMs / 3))).unref();
    }
    done(null, payload);
  });
  app.addHook('onClose', () => clearInterval(sweeper));
}
