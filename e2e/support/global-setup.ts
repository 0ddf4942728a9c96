import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparePortalTemplate, startPortal } from './portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outbox: string;
    /** The run's migrated, seeded embedded database that a test file's own portal starts from (own-portal.ts). */
    portalTemplate: string;
    /** The built web app the shared server serves. */
    webDist: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * Starts the real server (built web app, fresh embedded database with demo data) on a free port, and keeps the fresh
 * database it starts from for the files that start a portal of their own.
 */
export default async function setup(project: TestProject) {
  // A helper building its own copy elsewhere (E2E_WEB_DIST) does not race others over apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
  // Made once for the shard, so that each portal of a file's own is a copy, not a migration and seed of its own. Made
  // here, not kept between runs: the demo data is dated from the day it is seeded.
  const portalTemplate = await preparePortalTemplate(webDist);
  // Uploaded videos stay as uploaded here: encoding their ladders would take the CPU from every journey
  // (video-ladder.test.ts starts a portal of its own that encodes).
  const portal = await startPortal(webDist, { env: { ENCODE_CONCURRENCY: '0' }, template: portalTemplate });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('webDist', webDist);
  project.provide('outbox', portal.outbox);
  project.provide('portalTemplate', portalTemplate);
  return async () => {
    await portal.stop();
    await rm(portalTemplate, { recursive: true, force: true });
  };
}
