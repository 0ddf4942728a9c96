import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openTestDatabase, startTestApp, type TestApp } from './helper.ts';

// Proxy settings the traffic contradicts are said in the log and in /readyz (docs/decisions/042).

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function readyWarnings(app: TestApp) {
  const response = await fetch(`${app.url}/readyz`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { warnings: string[] }).warnings;
}

const subjects = (app: TestApp, headers: Record<string, string>) =>
  fetch(`${app.url}${app.config.API_BASE}/Student/subjects`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });

describe('proxy settings against the traffic', () => {
  // One server, not one for each half: the quiet half first, since a request with the header is what ends it.
  it('has nothing to say while requests come straight from clients, and warns once they carry X-Forwarded-For while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    t = await startTestApp({ seed: 'courses', logLines: lines });
    await subjects(t, {});
    expect(await readyWarnings(t)).toEqual([]);
    expect(lines.filter((line) => line.includes('X-Forwarded-For'))).toEqual([]);

    await subjects(t, { 'X-Forwarded-For': '203.0.113.7' });
    const expected =
      "Requests from 127.0.0.1 carry X-Forwarded-For, but TRUST_PROXY is off: if a reverse proxy is in front, set TRUST_PROXY to it, or every student shares its address's sign-in limits.";
    expect(await readyWarnings(t)).toEqual([expected]);
    expect(lines.some((line) => JSON.parse(line).msg === expected && JSON.parse(line).level === 40)).toBe(true);
  });

  it('warns when a peer that TRUST_PROXY does not name writes X-Forwarded-For (it is ignored)', async () => {
    t = await startTestApp({ seed: 'courses', env: { TRUST_PROXY: '10.0.0.5' } });
    await subjects(t, { 'X-Forwarded-For': '203.0.113.7' });
    expect(await readyWarnings(t)).toEqual([
      'Requests from 127.0.0.1 carry X-Forwarded-For, but TRUST_PROXY does not name 127.0.0.1: the header is ignored (a client may be writing it); name your proxies in TRUST_PROXY.',
    ]);
  });

  it('stays quiet for the proxy it was told of', async () => {
    t = await startTestApp({ seed: 'courses', env: { TRUST_PROXY: 'loopback' } });
    await subjects(t, { 'X-Forwarded-For': '203.0.113.7' });
    expect(await readyWarnings(t)).toEqual([]);
  });

  it('warns when TRUST_PROXY is off and every request comes from one private address', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret' });
    // The test run's database (a copy of its migrated cluster on PGlite), not an initdb of its own: seconds of CPU.
    const db = await openTestDatabase('migrated');
    await migrate(db);
    const app = await buildApp({ config, db, logger: false });
    try {
      // A reverse proxy that sets no X-Forwarded-For: the server sees only the proxy's address.
      for (let i = 0; i < 100; i++) await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.20.0.2' });
      const ready = await app.inject({ method: 'GET', url: '/readyz', remoteAddress: '10.20.0.2' });
      expect(ready.json().warnings).toEqual([
        "Every request so far came from 10.20.0.2, a private address, and TRUST_PROXY is off: behind a reverse proxy, set TRUST_PROXY, or all students share one address's sign-in limits (20 codes an hour for everyone together).",
      ]);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
