import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs with no settings at all: embedded database, demo data, log SMS, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, SEED_DEMO: true, SMS_PROVIDER: 'log', API_BASE: '/console/micros/Api' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every wrong setting at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', SMS_PROVIDER: 'pigeon' })).toThrow(
      /PORT[\s\S]*SMS_PROVIDER|SMS_PROVIDER[\s\S]*PORT/,
    );
  });

  it('refuses to run in production without a secret for sign-in codes, or with one shorter than 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(31), SMS_PROVIDER: 'log' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), SMS_PROVIDER: 'log' }).AUTH_SECRET,
    ).toHaveLength(32);
    expect(loadConfig({ AUTH_SECRET: 'short' }).AUTH_SECRET).toBe('short');
  });

  it('takes SESSION_TTL_HOURS only as a whole number of at least 1', () => {
    expect(loadConfig({ SESSION_TTL_HOURS: '12' }).SESSION_TTL_HOURS).toBe(12);
    for (const wrong of ['0.5', '0', '-3', 'a day'])
      expect(() => loadConfig({ SESSION_TTL_HOURS: wrong })).toThrow(/SESSION_TTL_HOURS/);
  });

  it('serves with one process by default, several only on PostgreSQL, auto meaning one a core', () => {
    const pg = { DATABASE_URL: 'postgres://portal@db/portal' };
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ ...pg, WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ ...pg, WORKERS: 'auto' }).WORKERS).toBe(availableParallelism());
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: 2 processes need DATABASE_URL/);
    for (const wrong of ['0', '1.5', 'many', '65'])
      expect(() => loadConfig({ ...pg, WORKERS: wrong })).toThrow(/WORKERS/);
  });

  it("needs each SMS provider's own settings, naming what is missing", () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY[\s\S]*MSG91_TEMPLATE_ID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toThrow(
      /TWILIO_FROM/,
    );
    expect(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_MESSAGING_SERVICE_SID: 'MG1',
      }).SMS_PROVIDER,
    ).toBe('twilio');
    expect(loadConfig({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' })).toMatchObject({
      MSG91_BASE_URL: 'https://control.msg91.com',
      MSG91_CODE_VAR: 'otp',
    });
  });

  it('needs {code} in SMS_TEMPLATE', () => {
    expect(() => loadConfig({ SMS_TEMPLATE: 'Your sign-in code is coming' })).toThrow(
      /SMS_TEMPLATE: must contain \{code\}/,
    );
    expect(loadConfig({ SMS_TEMPLATE: '{code} is your code' }).SMS_TEMPLATE).toBe('{code} is your code');
  });

  it('sends codes to gateways only over https in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms.local/send' })).toThrow(
      /SMS_HTTP_URL: must be an https:\/\/ URL/,
    );
    expect(() =>
      loadConfig({
        ...production,
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'k',
        MSG91_TEMPLATE_ID: 't',
        MSG91_BASE_URL: 'http://msg91.local',
      }),
    ).toThrow(/MSG91_BASE_URL/);
    expect(() =>
      loadConfig({
        ...production,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+1',
        TWILIO_BASE_URL: 'http://twilio.local',
      }),
    ).toThrow(/TWILIO_BASE_URL/);
    expect(
      loadConfig({ ...production, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' }).SMS_PROVIDER,
    ).toBe('msg91');
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/send' }).SMS_HTTP_URL).toBe(
      'http://127.0.0.1:9/send',
    );
  });

  it('checks INSTITUTE_TIMEZONE is a real time zone, Asia/Kolkata by default', () => {
    expect(loadConfig({}).INSTITUTE_TIMEZONE).toBe('Asia/Kolkata');
    expect(loadConfig({ INSTITUTE_TIMEZONE: 'Asia/Dubai' }).INSTITUTE_TIMEZONE).toBe('Asia/Dubai');
    expect(() => loadConfig({ INSTITUTE_TIMEZONE: 'India' })).toThrow(/INSTITUTE_TIMEZONE/);
  });

  it('refuses the http SMS provider without a gateway URL', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
  });

  it('makes production choose its SMS provider, so codes never land in the log by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow(/SMS_PROVIDER: required/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.local',
      }).SMS_PROVIDER,
    ).toBe('http');
  });

  it('fills a production database with demo students only when asked', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'log' };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('believes a set number of proxies or named ones, never every X-Forwarded-For entry', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12' }).TRUST_PROXY).toEqual(['loopback', '172.16.0.0/12']);
    for (const everyone of ['everyone!', 'all', '0.0.0.0/0', '::/0', '10.0.0.0/4', '*', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY/);
    }
  });
});
