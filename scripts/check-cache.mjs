// Where the type check and lint keep what they checked: PORTAL_CHECK_CACHE (.ci/run sets a folder that outlives its
// clean clones) or the checkout's own node_modules/.cache/portal.
import { join, resolve } from 'node:path';

export const checkCache =
  process.env.PORTAL_CHECK_CACHE || join(resolve(import.meta.dirname, '..'), 'node_modules/.cache/portal');
