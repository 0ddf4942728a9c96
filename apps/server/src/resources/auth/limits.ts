/**
 * Every limit of sign-in in one place. A 4-digit code is only 13.3 bits, so these carry the weight
 * (docs/features/auth.md explains the numbers).
 */

/** How long a code works after it is sent. */
export const CODE_TTL_SECONDS = 5 * 60;

/** Wrong tries one code allows; after that the code is dead. */
export const MAX_TRIES_PER_CODE = 5;

/** Wrong codes per number in FAILURE_WINDOW_SECONDS (across resends) before sign-in for that number pauses. */
export const MAX_FAILURES_PER_NUMBER = 10;
export const FAILURE_WINDOW_SECONDS = 60 * 60;

/** Codes sent to one number / from one client address in SEND_WINDOW_SECONDS without a successful sign-in. */
export const MAX_SENDS_PER_NUMBER = 5;
export const MAX_SENDS_PER_ADDRESS = 20;
export const SEND_WINDOW_SECONDS = 60 * 60;

/** Wait before the same sign-in may ask for a new code. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Challenges are kept this long (for the counts above), then swept. */
export const CHALLENGE_RETENTION_SECONDS = 24 * 60 * 60;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** How long the http SMS provider waits for the gateway. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;
