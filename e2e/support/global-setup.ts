import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outbox: string;
    /** The built web app the shared server serves. */
    webDist: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/** Starts the real server (built web app, fresh embedded database with demo data) on a free port. */
export default async function setup(project: TestProject) {
  // A helper building its own copy elsewhere (E2E_WEB_DIST) does not race others over apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
  // Uploaded videos stay as uploaded here: encoding their ladders would take the CPU from every journey
  // (video-ladder.test.ts starts a portal of its own that encodes).
  const portal = await startPortal(webDist, { env: { ENCODE_CONCURRENCY: '0' } });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('webDist', webDist);
  project.provide('outbox', portal.outbox);
  return portal.stop;
}
