// Lighthouse (mobile, simulated slow 4G) on /login, Home and My Subjects of the built app, signed in as
// the demo student for the last two. Prints figures; asserts nothing. Needs `npm run build` first.
// Usage: node scripts/audit-pages.mjs [--runs 3] [--pages /,/subjects] [--list-scripts]
// (--list-scripts also names the LCP element, the long tasks and each script's main-thread time)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const listScripts = process.argv.includes('--list-scripts');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'portal-audit-'));
const outbox = join(dir, 'outbox.jsonl');
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/console/micros/Api`;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: 'audit-pages-audit-pages-audit-pages',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    SMS_PROVIDER: 'log',
    SEED_DEMO: 'true',
    SMS_OUTBOX: outbox,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      if (i > 240) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  // Sign in through the API as the web app does, reading the code from the SMS outbox.
  const post = async (path, body) =>
    (
      await fetch(api + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post('/Auth/login', { mobile: '9876543210', phone_code: '91' });
  // The text goes out just after the answer: wait for it.
  let code;
  for (let tries = 0; !code && tries < 50; tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 100));
    const last = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n').at(-1) : '';
    code = last ? JSON.parse(last).text.match(/\b(\d{4,8})\b/)?.[1] : undefined;
  }
  if (!code) throw new Error('no sign-in code reached the outbox');
  const verified = await post('/Auth/verifyOTP', { otp_ref: login.data.otp_ref, otp: code });
  if (!verified.status) throw new Error(`sign-in failed: ${verified.message}`);

  // A Chrome profile whose storage holds the session, for the signed-in pages.
  const profile = join(dir, 'profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: ['--no-sandbox'],
  });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.evaluate((state) => localStorage.setItem('userData', JSON.stringify({ state, version: 1 })), {
    user: verified.data,
    token: verified.token,
  });
  await context.close();

  // Each run starts from a copy of the profile without its HTTP cache, so every figure is a first load
  // (--disable-storage-reset below keeps the stored session, and would keep a warm cache too).
  const freshProfile = (run) => {
    const copy = join(dir, `run-${run}`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(profile, copy, { recursive: true, filter: (src) => !/[/\\](Code )?Cache([/\\]|$)/.test(src) });
    return copy;
  };
  const only = process.argv.includes('--pages') ? process.argv[process.argv.indexOf('--pages') + 1].split(',') : null;
  const pages = [
    ['/login', null],
    ['/', profile],
    ['/subjects', profile],
  ].filter(([path]) => !only || only.includes(path));
  console.log(
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | JS transferred KB | machine benchmark index |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let count = 0;
  for (const [path, signedIn] of pages) {
    for (let run = 0; run < runs; run++) {
      const report = join(dir, 'report.json');
      // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: such a run is redone.
      for (let attempt = 1; ; attempt++) {
        const userDir = signedIn ? freshProfile(count++) : join(dir, `guest-${count++}`);
        try {
          execFileSync(
            'npx',
            [
              '-y',
              'lighthouse@12.8.2',
              origin + path,
              '--quiet',
              '--only-categories=performance,accessibility',
              '--output=json',
              `--output-path=${report}`,
              '--disable-storage-reset',
              `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${userDir}`,
            ],
            { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
          );
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      const lhr = JSON.parse(readFileSync(report, 'utf8'));
      if (process.env.AUDIT_SAVE)
        cpSync(report, join(process.env.AUDIT_SAVE, `${path.replace(/\W/g, '_') || 'home'}-${run}.json`));
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      const js = scripts.reduce((sum, r) => sum + r.transferSize, 0);
      if (listScripts && run === 0) {
        for (const r of scripts)
          console.log(`|   ${new URL(r.url).pathname} | ${(r.transferSize / 1024).toFixed(1)} KB |`);
        const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        if (lcp) console.log(`|   LCP element: ${lcp.snippet} |`);
        for (const t of lhr.audits['long-tasks']?.details?.items ?? [])
          console.log(`|   long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url} |`);
        for (const b of lhr.audits['bootup-time']?.details?.items ?? [])
          console.log(
            `|   script time ${b.url}: ${Math.round(b.scripting)} ms scripting, ${Math.round(b.scriptParseCompile)} ms parse |`,
          );
      }
      console.log(
        `| ${path} | ${Math.round(lhr.categories.performance.score * 100)} | ${Math.round(lhr.categories.accessibility.score * 100)} | ${Math.round(audit('first-contentful-paint'))} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} | ${(js / 1024).toFixed(1)} | ${Math.round(lhr.environment?.benchmarkIndex ?? NaN)} |`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
