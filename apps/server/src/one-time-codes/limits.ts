/**
 * Every limit of sign-in in one place. A 4-digit code is only 13.3 bits, so these carry the weight;
 * docs/decisions/040 computes the odds they leave an attacker.
 */

/** How long a code works after it is sent. */
export const CODE_TTL_SECONDS = 5 * 60;

/** Wrong tries one code allows; after that the code is dead. */
export const MAX_TRIES_PER_CODE = 5;

/**
 * Wrong codes for one number from one address in FAILURE_WINDOW_SECONDS (across resends, until a sign-in succeeds)
 * before that address must wait. Counted per address, so a stranger cannot pause the student's own sign-in.
 */
export const MAX_FAILURES_PER_NUMBER = 10;
export const FAILURE_WINDOW_SECONDS = 60 * 60;

/** Wrong codes for one number in a year, from anywhere, before it locks until staff lift the lock (≤ 1 % odds a year). */
export const MAX_WRONG_CODES_PER_NUMBER_PER_YEAR = 100;
export const LOCK_WINDOW_SECONDS = 365 * 24 * 60 * 60;

/** Wrong codes from one address (an IPv6 /64) a day, whatever the numbers (≤ 1 account a year from one address). */
export const MAX_WRONG_CODES_PER_ADDRESS_PER_DAY = 25;
export const ADDRESS_WRONG_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Codes sent in SEND_WINDOW_SECONDS without a successful sign-in: to one number from one address, to one number
 * from all addresses together (three addresses' worth, which bounds the SMS bill while a stranger at one address
 * leaves the student's own address its share), and from one address to any numbers.
 */
export const MAX_SENDS_PER_NUMBER_AND_ADDRESS = 5;
export const MAX_SENDS_PER_NUMBER = 15;
export const MAX_SENDS_PER_ADDRESS = 20;
export const SEND_WINDOW_SECONDS = 60 * 60;

/**
 * Codes a known device (a browser whose device cookie completed a sign-in for the number) may ask for that number in
 * SEND_WINDOW_SECONDS. They count here and not against the number's or the address's caps, which strangers can fill:
 * the owner's own phone still gets a code (docs/decisions/047).
 */
export const MAX_SENDS_PER_NUMBER_AND_DEVICE = 5;
/** How long a device stays known after its last sign-in to a number (the device cookie lives as long). */
export const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The windows of the institute's budget of registration codes, REGISTRATION_SMS_PER_HOUR and REGISTRATION_SMS_PER_DAY
 * (config.ts): Auth/signup texts numbers nobody has proved, so without a budget a flood of signups spends the
 * institute's SMS without bound (SMS pumping, docs/decisions/047).
 */
export const REGISTRATION_BUDGET_HOUR_SECONDS = 60 * 60;
export const REGISTRATION_BUDGET_DAY_SECONDS = 24 * 60 * 60;

/** Wait before the same sign-in may ask for a new code. */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Challenges are kept this long (for the counts above), then swept; wrong codes are kept for LOCK_WINDOW_SECONDS. */
export const CHALLENGE_RETENTION_SECONDS = 24 * 60 * 60;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** How long the http SMS provider waits for the gateway. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;
