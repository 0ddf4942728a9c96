import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Topic videos may be YouTube or Vimeo links: react-player loads YouTube's iframe API script and embeds both players.
const youtube = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
const vimeo = ['https://player.vimeo.com'];

/**
 * Strict content-security policy: the app, its pdf.js worker and its media all come from this server;
 * the only outside sources are the YouTube and Vimeo players of topic videos.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
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
}
