import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnServer } from './spawn-server.ts';
import { copyTemplate } from './pglite-templates.ts';

let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

// Log lines are written in the background (http/request-logging.ts): none may be lost when the server stops.
it("writes every request's line to standard output, the last ones before a stop included", {
  timeout: 120_000,
}, async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-log-'));
  await copyTemplate(join(dir, 'pglite'));
  const { child, port, out, exited } = spawnServer({
    DATA_DIR: dir,
    MEDIA_DIR: join(dir, 'media'),
    MATERIALS_DIR: join(dir, 'materials'),
    DATABASE_URL: undefined,
    SMS_OUTBOX: join(dir, 'outbox.jsonl'),
    AUTH_SECRET: 'a-log-test-secret-of-at-least-32-characters',
  });
  await expect.poll(() => out().includes('portal on http'), { timeout: 90_000, interval: 100 }).toBe(true);

  const ids = Array.from({ length: 200 }, (_, i) => `log-test-${i}`);
  await Promise.all(
    ids.map((id) =>
      fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'X-Request-Id': id } }).then((r) => r.text()),
    ),
  );
  child.kill('SIGTERM');
  expect(await exited).toBe(0);

  const completed = out()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
    .filter((line) => line.msg === 'request completed')
    .map((line) => line.reqId);
  expect(completed.sort()).toEqual([...ids].sort());
});
