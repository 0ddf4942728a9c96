import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/** deploy/portal.env.example read as systemd's EnvironmentFile reads it: NAME=value lines, comments skipped. */
function envTemplate(): Record<string, string> {
  const text = readFileSync(resolve(import.meta.dirname, '../../../deploy/portal.env.example'), 'utf8');
  const lines = text.split('\n').filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describe('configuration from an env file', () => {
  it('starts from the template filled in for Twilio: the MSG91 lines left empty are not set', () => {
    const env: Record<string, string> = {
      ...envTemplate(),
      AUTH_SECRET: 'x'.repeat(48),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: 'ACADMY',
    };
    expect(env.MSG91_AUTH_KEY).toBe('');
    const config = loadConfig(env);
    expect(config).toMatchObject({ SMS_PROVIDER: 'twilio', TWILIO_FROM: 'ACADMY', NODE_ENV: 'production' });
    expect(config.MSG91_AUTH_KEY).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('takes an empty or blank value as not set, so the default holds', () => {
    expect(loadConfig({ PORT: '', WORKERS: ' ', METRICS_TOKEN: '', MSG91_SENDER: '' })).toMatchObject({
      PORT: 3000,
      WORKERS: 1,
    });
  });

  it('says for each wrong value which variable and what it takes', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'prod', PORT: 'eighty', SMS_PROVIDER: 'pigeon', SESSION_TTL_HOURS: '0' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('NODE_ENV: must be one of development, production, test (not "prod")');
    expect(message).toContain('PORT: must be a number (not "eighty")');
    expect(message).toContain('SMS_PROVIDER: must be one of log, http, msg91, twilio (not "pigeon")');
    expect(message).toContain('SESSION_TTL_HOURS: must be a whole number of at least 1');
    expect(message).not.toContain('Invalid input');
  });
});
