import { inject } from 'vitest';
import { startPortal } from './portal-server.ts';

/**
 * A portal of the test file's own (its own settings, data it may change, or a copy of the app to release anew): the
 * built server on an embedded database that starts as a copy of the run's migrated, seeded one (global-setup.ts).
 */
export function startOwnPortal({
  webDist = inject('webDist'),
  env = {},
}: {
  webDist?: string;
  env?: Record<string, string>;
} = {}) {
  return startPortal(webDist, { embedded: true, env, template: inject('portalTemplate') });
}
