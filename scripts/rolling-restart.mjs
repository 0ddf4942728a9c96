// Restarts the portal's systemd instances one at a time, each only once the one before answers /readyz, so nginx
// always has one to send requests to (docs/operations.md, section 8). `systemctl restart` returns as soon as the new
// process is started, long before it listens: asking /readyz at once would find nothing and, chained with &&, stop
// the upgrade halfway; chained with ;, restart the second while the first is still starting.
//
//   sudo node scripts/rolling-restart.mjs 3001 3002      (ports of portal@3001, portal@3002)
import { spawnSync } from 'node:child_process';

/** Asks `url` until it answers 200; throws after `timeoutMs`, or at once if `stillRunning` says the process is gone. */
export async function waitUntilReady(url, { timeoutMs = 180_000, stillRunning = () => true } = {}) {
  const started = Date.now();
  let last = 'no answer';
  while (Date.now() - started < timeoutMs) {
    if (!stillRunning()) throw new Error(`stopped before it was ready (last: ${last})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return Date.now() - started;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s (last: ${last})`);
}

async function main(ports) {
  if (ports.length === 0 || ports.some((port) => !/^\d+$/.test(port))) {
    console.error(
      'usage: node scripts/rolling-restart.mjs PORT [PORT...]   (the ports of the portal@PORT units, in the order to restart)',
    );
    process.exit(2);
  }
  for (const port of ports) {
    const unit = `portal@${port}`;
    const started = Date.now();
    // Stops it (SIGTERM: /readyz 503, the port closes, open requests finish) and starts it again.
    const restart = spawnSync('systemctl', ['restart', unit], { stdio: 'inherit' });
    if (restart.status !== 0) {
      console.error(`${unit}: systemctl restart failed; the others were left as they are (journalctl -u ${unit})`);
      process.exit(1);
    }
    try {
      await waitUntilReady(`http://127.0.0.1:${port}/readyz`);
    } catch (error) {
      console.error(`${unit}: ${error.message}; the others were left as they are (journalctl -u ${unit})`);
      process.exit(1);
    }
    console.log(`${unit} restarted and ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.filename === process.argv[1]) await main(process.argv.slice(2));
