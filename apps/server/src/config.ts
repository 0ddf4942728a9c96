import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { OTP_LENGTHS } from '@portal/contract/auth';
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '@portal/contract/phone';

const optionalText = z.optional(z.string().check(z.minLength(1)));
const wholeNumber = (min: number, fallback: number) =>
  z._default(
    z.coerce.number().check(z.int('must be a whole number'), z.gte(min, `must be a whole number of at least ${min}`)),
    fallback,
  );

/** The text a student receives; `{code}` is the code, `{app}` APP_NAME. Matches the template registered under DLT word for word. */
export const DEFAULT_SMS_TEMPLATE = 'Your {app} sign-in code is {code}. It expires in 5 minutes.';
export const DEFAULT_SMS_REGISTRATION_TEMPLATE = 'Your {app} registration code is {code}. It expires in 5 minutes.';

const schema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string(), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** PostgreSQL connection string; without it an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: optionalText,
  DATA_DIR: z._default(z.string(), '.data'),
  /** The embedded database on a thread of its own (`off`: in the server's thread; docs/decisions/031, 062). */
  PGLITE_THREAD: z._default(z.enum(['on', 'off']), 'on'),
  /** File sizes remembered over Emscripten's file system (`off`: asked of the disk each time; docs/decisions/062). */
  PGLITE_FILE_SIZES: z._default(z.enum(['on', 'off']), 'on'),
  /** Prepared statements' bind and rows written and read by hand (`off`: by PGlite's own code; docs/decisions/062). */
  PGLITE_WIRE: z._default(z.enum(['on', 'off']), 'on'),
  /**
   * Connections each process keeps to PostgreSQL for statements, which it pipelines when all are busy, and at most as
   * many again for transactions, opened when one begins. Few suit a small host best (docs/decisions/030).
   */
  DB_POOL_SIZE: wholeNumber(1, 2),
  /** Processes serving one port, each with its own pool (docs/operations.md): a number, or `auto` for one a core. PostgreSQL only. */
  WORKERS: z._default(
    z.union([
      z.literal('auto'),
      z.coerce
        .number()
        .check(
          z.int('must be a whole number or auto'),
          z.gte(1, 'must be at least 1'),
          z.lte(64, 'must be at most 64'),
        ),
    ]),
    1,
  ),
  /** A statement running longer is cancelled (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: wholeNumber(0, 15_000),
  /** How long start-up keeps retrying a database that does not answer. */
  DB_CONNECT_TIMEOUT_SECONDS: wholeNumber(0, 60),
  /** Fill an empty database with the demo students and courses; by default yes, except in production. */
  SEED_DEMO: z.optional(z.enum(['true', 'false', '1', '0'])),
  API_BASE: z._default(
    z.string().check(z.regex(/^\/[\w/-]*[^/]$/, 'must start with / and not end with /')),
    '/console/micros/Api',
  ),
  /** Path under which the console's API answers (staff only; never the student API base). */
  CONSOLE_API_BASE: z._default(
    z.string().check(z.regex(/^\/[\w/-]*[^/]$/, 'must start with / and not end with /')),
    '/console/micros/Staff',
  ),
  /** Built web app to serve; empty to serve the API only. */
  WEB_DIST: z._default(z.string(), ''),
  /** Course media and study materials; by default DATA_DIR/media and DATA_DIR/materials (filled with the demo files on a first demo start). */
  MEDIA_DIR: optionalText,
  MATERIALS_DIR: optionalText,
  /** The largest file the console accepts per upload, in MB: a topic video, a study-material PDF, a picture. */
  MAX_VIDEO_MB: wholeNumber(1, 1024),
  MAX_PDF_MB: wholeNumber(1, 50),
  MAX_PICTURE_MB: wholeNumber(1, 5),
  /** Videos encoded into their HLS ladder at once on this machine (docs/decisions/074); 0: this machine encodes none. */
  ENCODE_CONCURRENCY: wholeNumber(0, 1),
  /** The ffmpeg and ffprobe programs that encode the ladders (Debian's package ffmpeg: scripts/ensure-ffmpeg.sh). */
  FFMPEG_PATH: z._default(z.string().check(z.minLength(1)), 'ffmpeg'),
  FFPROBE_PATH: z._default(z.string().check(z.minLength(1)), 'ffprobe'),
  /** Keys codes with HMAC so a database leak does not reveal them; required in production. */
  AUTH_SECRET: optionalText,
  SESSION_TTL_HOURS: wholeNumber(1, 24 * 30),
  /** A staff session unused this long has ended, however long SESSION_TTL_HOURS would let it live (docs/decisions/046). */
  STAFF_IDLE_HOURS: wholeNumber(1, 12),
  /** How long a client may send nothing: to send its request's headers, and within a request's body (docs/decisions/046). */
  CLIENT_TIMEOUT_SECONDS: wholeNumber(1, 30),
  /** Requests in progress at once from one client address; 0: no cap (docs/decisions/046). */
  MAX_REQUESTS_PER_ADDRESS: wholeNumber(0, 500),
  APP_NAME: z._default(z.string().check(z.minLength(1)), 'portal'),
  /** `log` by default, except in production, where it must be chosen: `log` there would put codes in the log. */
  SMS_PROVIDER: z.optional(z.enum(['log', 'http', 'msg91', 'twilio'])),
  SMS_TEMPLATE: z._default(z.string().check(z.includes('{code}', 'must contain {code}')), DEFAULT_SMS_TEMPLATE),
  /** The text of the code that proves a registering student's number (a second DLT template). */
  SMS_REGISTRATION_TEMPLATE: z._default(
    z.string().check(z.includes('{code}', 'must contain {code}')),
    DEFAULT_SMS_REGISTRATION_TEMPLATE,
  ),
  /** Digits of a sign-in code: 4 by default, 6 recommended (docs/decisions/040); the code boxes follow it. */
  OTP_LENGTH: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(OTP_LENGTHS.min, `must be ${OTP_LENGTHS.min} to ${OTP_LENGTHS.max}`),
        z.lte(OTP_LENGTHS.max, `must be ${OTP_LENGTHS.min} to ${OTP_LENGTHS.max}`),
      ),
    OTP_LENGTHS.default,
  ),
  /** How long a gateway may take to accept a message. */
  SMS_TIMEOUT_MS: wholeNumber(1, 10_000),
  /** The log provider appends one JSON line per message here. */
  SMS_OUTBOX: optionalText,
  SMS_HTTP_URL: optionalText,
  SMS_HTTP_TOKEN: optionalText,
  SMS_HTTP_SENDER: z._default(z.string(), 'PORTAL'),
  MSG91_BASE_URL: z._default(z.string(), 'https://control.msg91.com'),
  MSG91_AUTH_KEY: optionalText,
  MSG91_TEMPLATE_ID: optionalText,
  MSG91_CODE_VAR: z._default(z.string().check(z.minLength(1)), 'otp'),
  MSG91_SENDER: optionalText,
  TWILIO_BASE_URL: z._default(z.string(), 'https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText,
  CHAT_LINK: z._default(z.string(), 'https://wa.me/919000000000'),
  /** The country of a mobile number written without + (two letters, ISO 3166): staff's typing, imports. */
  DEFAULT_COUNTRY: z._default(
    z.string().check(z.refine(isCountryCode, 'must be a two-letter country code such as IN')),
    DEFAULT_COUNTRY,
  ),
  /** `requests`: new students send the register form and staff decide; `closed`: the form gives way to CHAT_LINK. */
  REGISTRATION: z._default(z.enum(['requests', 'closed']), 'requests'),
  /**
   * The countries (two letters, separated by commas) whose mobile numbers get a registration code; DEFAULT_COUNTRY
   * when unset. Anyone can type any number into the register form, and some numbers cost the institute dearly.
   */
  SMS_COUNTRIES: optionalText,
  /** Registration codes the whole institute sends in an hour and in a day; beyond them Auth/signup answers 429 (docs/decisions/047). */
  REGISTRATION_SMS_PER_HOUR: wholeNumber(1, 30),
  REGISTRATION_SMS_PER_DAY: wholeNumber(1, 200),
  /** Staff messages handed to the gateway per second, across every instance (docs/decisions/068). */
  MESSAGES_PER_SECOND: wholeNumber(1, 5),
  /** Times a staff message is offered to the gateway before it is marked failed, and the wait after a refusal. */
  MESSAGE_ATTEMPTS: wholeNumber(1, 3),
  MESSAGE_RETRY_SECONDS: wholeNumber(0, 30),
  /** What one SMS part costs (160 Latin or 70 Hindi characters), in SMS_PRICE_CURRENCY: the console's cost warning. */
  SMS_PRICE_PER_PART: z._default(z.coerce.number().check(z.gte(0, 'must be 0 or more')), 0.25),
  SMS_PRICE_CURRENCY: z._default(z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a currency code such as INR')), 'INR'),
  /** How often an idle job worker asks the database for work, in seconds (jobs sent by this instance start at once). */
  JOB_POLL_SECONDS: wholeNumber(1, 2),
  /** `/metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>`, and not at all without it. */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  /** The one time zone of the institute: times entered, seeded and shown mean this zone. */
  INSTITUTE_TIMEZONE: z._default(
    z.string().check(z.refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata')),
    'Asia/Kolkata',
  ),
  /** Minutes before a live class starts that its batch is reminded by Web Push; 0: no reminders (docs/decisions/075). */
  CLASS_REMINDER_MINUTES: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(0, 'must be 0 (off) or more'),
        z.lte(1440, 'must be at most 1440 (a day)'),
      ),
    30,
  ),
  /** Who runs this portal, told to the push services with every notification (`mailto:` or `https:`), as they ask. */
  PUSH_CONTACT: z._default(
    z
      .string()
      .check(z.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be mailto:someone@example.org or an https:// address')),
    'mailto:admin@example.org',
  ),
  /**
   * Which X-Forwarded-For hops to believe when limiting sends per address: `false` (none), `true` (one
   * reverse proxy), a number of proxies, or their addresses/CIDRs separated by commas. Never "all":
   * a client writes the left-most entries itself.
   */
  TRUST_PROXY: z._default(z.string(), 'false'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

type Parsed = z.output<typeof schema>;
export type SmsProvider = 'log' | 'http' | 'msg91' | 'twilio';
export type Config = Omit<
  Parsed,
  'SEED_DEMO' | 'SMS_PROVIDER' | 'TRUST_PROXY' | 'DEFAULT_COUNTRY' | 'SMS_COUNTRIES' | 'WORKERS'
> & {
  DEFAULT_COUNTRY: CountryCode;
  /** Where registration codes may be texted; at least one country. */
  SMS_COUNTRIES: CountryCode[];
  /** Processes to serve with: `auto` resolved to the machine's cores. */
  WORKERS: number;
  SEED_DEMO: boolean;
  SMS_PROVIDER: SmsProvider;
  /** Which proxies to believe: none, a number of hops, or their addresses. */
  TRUST_PROXY: false | number | string[];
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUST_PROXY, or why it is refused. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_NAMES.has(entry)) return undefined;
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address))
    return `"${entry}" is not an address, a CIDR range or loopback/linklocal/uniquelocal`;
  if (bits === undefined) return undefined;
  const max = isIP(address) === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return `"${entry}" has a wrong prefix length`;
  // A range that wide believes every client's own X-Forwarded-For, so anyone could pose as any address.
  if (Number(bits) < (max === 32 ? 8 : 16)) return `"${entry}" would believe every address; name your proxies`;
  return undefined;
}

function parseTrustProxy(value: string): { value: Config['TRUST_PROXY'] } | { problem: string } {
  const v = value.trim();
  if (v === 'false' || v === '0' || v === '') return { value: false };
  if (v === 'true') return { value: 1 };
  if (/^\d+$/.test(v))
    return Number(v) <= 10 ? { value: Number(v) } : { problem: 'more than 10 proxies: name them instead' };
  const entries = v.split(/\s*,\s*/);
  const problems = entries.map(proxyEntryProblem).filter(Boolean);
  return problems.length ? { problem: problems.join('; ') } : { value: entries };
}

/** SMS_COUNTRIES as a list, or why it is refused. */
function parseCountries(
  value: string | undefined,
  fallback: CountryCode,
): { value: CountryCode[] } | { problem: string } {
  if (value === undefined) return { value: [fallback] };
  const entries = value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => entry.toUpperCase());
  const unknown = entries.filter((entry) => !isCountryCode(entry));
  if (unknown.length)
    return { problem: `${unknown.map((u) => `"${u}"`).join(', ')} is not a two-letter country code such as IN` };
  if (!entries.length) return { problem: 'name at least one country, such as IN' };
  return { value: [...new Set(entries.filter(isCountryCode))] };
}

/** zod/mini says only "Invalid input" where a check has no message of its own: say what was expected instead. */
function explain(issue: z.core.$ZodIssue, value = ''): string {
  if (issue.message !== 'Invalid input') return issue.message;
  const given = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')} (not "${given}")`;
  if (issue.code === 'invalid_type' && issue.expected === 'number') return `must be a number (not "${given}")`;
  return 'is not a value it takes (README.md, Configuration)';
}

const GATEWAY_URLS = {
  http: ['SMS_HTTP_URL'],
  msg91: ['MSG91_BASE_URL'],
  twilio: ['TWILIO_BASE_URL'],
  log: [],
} as const;

/** Reads and checks the whole configuration; every problem is reported at once, each naming its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `NAME=` with nothing after it means not set, as in deploy/portal.env.example, which lists every provider's variables.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `  ${i.path.join('.')}: ${explain(i, given[String(i.path[0])])}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const data = parsed.data;
  const production = data.NODE_ENV === 'production';
  const problems: string[] = [];
  const need = (name: keyof Parsed, why: string) => {
    if (!data[name]) problems.push(`${name}: required ${why}`);
  };

  if (production && !data.AUTH_SECRET)
    problems.push('AUTH_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  else if (production && data.AUTH_SECRET && data.AUTH_SECRET.length < 32) {
    problems.push(
      'AUTH_SECRET: must be at least 32 characters when NODE_ENV=production (e.g. openssl rand -base64 32)',
    );
  }
  if (production && !data.SMS_PROVIDER) {
    problems.push(
      'SMS_PROVIDER: required when NODE_ENV=production (msg91, twilio or http for a gateway; log writes messages to SMS_OUTBOX only)',
    );
  }
  const provider: SmsProvider = data.SMS_PROVIDER ?? 'log';
  if (provider === 'http') need('SMS_HTTP_URL', 'when SMS_PROVIDER=http');
  if (provider === 'msg91') {
    need('MSG91_AUTH_KEY', 'when SMS_PROVIDER=msg91');
    need('MSG91_TEMPLATE_ID', 'when SMS_PROVIDER=msg91');
  }
  if (provider === 'twilio') {
    need('TWILIO_ACCOUNT_SID', 'when SMS_PROVIDER=twilio');
    need('TWILIO_AUTH_TOKEN', 'when SMS_PROVIDER=twilio');
    if (!data.TWILIO_FROM && !data.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push('TWILIO_FROM: required when SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID)');
    }
  }
  for (const name of GATEWAY_URLS[provider]) {
    const url = data[name];
    if (!url) continue;
    let parsedUrl: URL | undefined;
    try {
      parsedUrl = new URL(url);
    } catch {
      problems.push(`${name}: "${url}" is not a URL`);
      continue;
    }
    // The code travels in this request; a private CA is fine (NODE_EXTRA_CA_CERTS), plain http is not.
    if (production && parsedUrl.protocol !== 'https:')
      problems.push(`${name}: must be an https:// URL when NODE_ENV=production`);
  }
  const workers = data.WORKERS === 'auto' ? availableParallelism() : data.WORKERS;
  // The embedded database's folder is locked by one process; several processes share only a PostgreSQL server.
  if (workers > 1 && !data.DATABASE_URL)
    problems.push(`WORKERS: ${data.WORKERS} processes need DATABASE_URL (the embedded database serves one process)`);
  const trust = parseTrustProxy(data.TRUST_PROXY);
  if ('problem' in trust) problems.push(`TRUST_PROXY: ${trust.problem}`);
  const defaultCountry = isCountryCode(data.DEFAULT_COUNTRY) ? data.DEFAULT_COUNTRY : DEFAULT_COUNTRY;
  const countries = parseCountries(data.SMS_COUNTRIES, defaultCountry);
  if ('problem' in countries) problems.push(`SMS_COUNTRIES: ${countries.problem}`);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);

  return {
    ...data,
    // Outside the code tree by default, beside the embedded database; a first demo start fills them (media/folders.ts).
    // Absolute, as the static file server needs, whatever the working folder was.
    MEDIA_DIR: resolve(data.MEDIA_DIR ?? join(data.DATA_DIR, 'media')),
    MATERIALS_DIR: resolve(data.MATERIALS_DIR ?? join(data.DATA_DIR, 'materials')),
    SEED_DEMO: data.SEED_DEMO === undefined ? !production : data.SEED_DEMO === 'true' || data.SEED_DEMO === '1',
    SMS_PROVIDER: provider,
    WORKERS: workers,
    DEFAULT_COUNTRY: defaultCountry,
    SMS_COUNTRIES: 'value' in countries ? countries.value : [defaultCountry],
    TRUST_PROXY: 'value' in trust ? trust.value : false,
  };
}
