import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs with no settings at all: embedded database, demo data, log SMS, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, SEED_DEMO: true, SMS_PROVIDER: 'log', API_BASE: '/console/micros/Api' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every wrong setting at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', SMS_PROVIDER: 'pigeon' })).toThrow(/PORT[\s\S]*SMS_PROVIDER|SMS_PROVIDER[\s\S]*PORT/);
  });

  it('refuses to run in production without a secret for sign-in codes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('refuses the http SMS provider without a gateway URL', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
  });

  it('makes production choose its SMS provider, so codes never land in the log by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'secret' })).toThrow(/SMS_PROVIDER: required/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'secret', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms.local' }).SMS_PROVIDER).toBe('http');
  });

  it('fills a production database with demo students only when asked', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'secret', SMS_PROVIDER: 'log' };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('believes a set number of proxies or named ones, never every X-Forwarded-For entry', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });
});
