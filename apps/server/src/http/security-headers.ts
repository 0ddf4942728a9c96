import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Topic videos may be YouTube or Vimeo links: react-player loads YouTube's iframe API script and embeds both players.
const youtube = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
const vimeo = ['https://player.vimeo.com'];

/**
 * What a page, a file or a PDF is answered with. A strict content-security policy: the app, its pdf.js worker and its
 * media all come from this server; the only outside sources are the YouTube and Vimeo players of topic videos.
 */
export const documentHeaders = headersOf({
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

/**
 * What an API call's JSON is answered with: the headers that still mean something for data that is never a page
 * (OWASP's REST Security Cheat Sheet). Nothing may run, load or frame it if it is opened as one, it is never read
 * as another type, and no other site may load it. The page-only ones (opener, referrer, DNS prefetch, agent
 * cluster, download and legacy XSS settings) would be 564 bytes more on every call over a slow network.
 */
export const apiHeaders = headersOf({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Every answer gets one of the two sets: calls under the API bases the API's, everything else a document's. A call
 * that answers with a document (a study material's PDF) sets `documentHeaders` itself. Worked out once here, not
 * again for each request (docs/decisions/030).
 */
export function registerSecurityHeaders(app: FastifyInstance, apiBases: string[]) {
  const prefixes = apiBases.map((base) => `${base}/`);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(prefixes.some((prefix) => url.startsWith(prefix)) ? apiHeaders : documentHeaders);
    done();
  });
}

/** The headers helmet sets for these options, read off a response that records them (helmet's middleware is synchronous). */
function headersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    done = true;
  });
  if (failure || !done) throw new Error(`helmet did not finish: ${String(failure)}`);
  return Object.freeze(headers);
}
