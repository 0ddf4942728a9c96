import * as z from 'zod/mini';
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '@portal/contract/phone';

const optionalText = z.optional(z.string().check(z.minLength(1)));

const schema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string(), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** PostgreSQL connection string; without it an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: optionalText,
  DATA_DIR: z._default(z.string(), '.data'),
  /** Fill an empty database with the demo students and courses; by default yes, except in production. */
  SEED_DEMO: z.optional(z.enum(['true', 'false', '1', '0'])),
  API_BASE: z._default(z.string().check(z.regex(/^\/[\w/-]*[^/]$/, 'must start with / and not end with /')), '/console/micros/Api'),
  /** Built web app to serve; empty to serve the API only. */
  WEB_DIST: z._default(z.string(), ''),
  /** Keys codes with HMAC so a database leak does not reveal them; required in production. */
  AUTH_SECRET: optionalText,
  SESSION_TTL_HOURS: z._default(z.coerce.number().check(z.positive()), 24 * 30),
  /** `log` by default, except in production, where it must be chosen: `log` there would put codes in the log. */
  SMS_PROVIDER: z.optional(z.enum(['log', 'http'])),
  /** The log provider appends one JSON line per message here. */
  SMS_OUTBOX: optionalText,
  SMS_HTTP_URL: optionalText,
  SMS_HTTP_TOKEN: optionalText,
  SMS_HTTP_SENDER: z._default(z.string(), 'PORTAL'),
  CHAT_LINK: z._default(z.string(), 'https://wa.me/919000000000'),
  /** The country of a mobile number written without + (two letters, ISO 3166): staff's typing, imports. */
  DEFAULT_COUNTRY: z._default(z.string().check(z.refine(isCountryCode, 'must be a two-letter country code such as IN')), DEFAULT_COUNTRY),
  /** `requests`: new students send the register form and staff decide; `closed`: the form gives way to CHAT_LINK. */
  REGISTRATION: z._default(z.enum(['requests', 'closed']), 'requests'),
  /**
   * Which X-Forwarded-For hops to believe when limiting sends per address: `false` (none), `true` (one
   * reverse proxy), a number of proxies, or their addresses/CIDRs separated by commas. Never "all":
   * a client writes the left-most entries itself.
   */
  TRUST_PROXY: z._default(z.string().check(z.regex(/^(true|false|\d{1,2}|[\w.:/]+(,\s*[\w.:/]+)*)$/, 'must be true, false, a number of proxies or their addresses')), 'false'),
});

type Parsed = z.output<typeof schema>;
export type Config = Omit<Parsed, 'SEED_DEMO' | 'SMS_PROVIDER' | 'TRUST_PROXY' | 'DEFAULT_COUNTRY'> & {
  DEFAULT_COUNTRY: CountryCode;
  SEED_DEMO: boolean;
  SMS_PROVIDER: 'log' | 'http';
  /** Which proxies to believe: none, a number of hops, or their addresses. */
  TRUST_PROXY: false | number | string[];
};

const trustProxy = (value: string): Config['TRUST_PROXY'] =>
  value === 'false' || value === '0' ? false : value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : value.split(/,\s*/);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  if (production && !parsed.data.AUTH_SECRET) {
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  if (production && !parsed.data.SMS_PROVIDER) {
    throw new Error(
      'Invalid configuration:\n  SMS_PROVIDER: required when NODE_ENV=production (http for an SMS gateway; log writes every code to the log)',
    );
  }
  const config: Config = {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO === undefined ? !production : parsed.data.SEED_DEMO === 'true' || parsed.data.SEED_DEMO === '1',
    SMS_PROVIDER: parsed.data.SMS_PROVIDER ?? 'log',
    DEFAULT_COUNTRY: isCountryCode(parsed.data.DEFAULT_COUNTRY) ? parsed.data.DEFAULT_COUNTRY : DEFAULT_COUNTRY,
    TRUST_PROXY: trustProxy(parsed.data.TRUST_PROXY),
  };
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new Error('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http');
  }
  return config;
}
