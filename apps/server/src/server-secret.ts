import { randomBytes } from 'node:crypto';

// Without AUTH_SECRET (development and tests only; production refuses to start) codes and video links are keyed
// with a secret that lives as long as the process, so a restart ends every pending code and signed link.
const processSecret = randomBytes(32).toString('base64url');

/** The key for sign-in codes' hashes and signed video links. */
export const serverSecret = (authSecret: string | undefined) => authSecret ?? processSecret;
