import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { builtWebApp } from './paths.ts';
import { say } from './start-log.ts';

async function main() {
  const config = loadConfig();
  if (!config.WEB_DIST && existsSync(builtWebApp)) config.WEB_DIST = builtWebApp;
  const serving = config.WEB_DIST ? 'web app' : 'API only';
  // Loaded only where needed: the first process of several serves nothing, so it leaves the server's code unloaded.
  if (config.WORKERS > 1 && cluster.isPrimary)
    return (await import('./cluster/primary.ts')).runPrimary(config, `postgres, ${serving}`);
  return (await import('./serve.ts')).serve(config, serving);
}

main().catch((error: unknown) => {
  say(60, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
