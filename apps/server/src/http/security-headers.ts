import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Topic videos may be YouTube or Vimeo links: react-player loads YouTube's iframe API script and embeds both players.
const youtube = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
const vimeo = ['https://player.vimeo.com'];

/**
 * Strict content-security policy: the app, its pdf.js worker and its media all come from this server;
 * the only outside sources are the YouTube and Vimeo players of topic videos.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = await headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com'],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...youtube, ...vimeo],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The same headers on every answer: worked out once here, not again for each request (docs/decisions/030).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets for these options, read off a response that records them. */
async function headersOf(options: HelmetOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  await new Promise<void>((resolve, reject) =>
    helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (error ? reject(error) : resolve())),
  );
  return headers;
}
