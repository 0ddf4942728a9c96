import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/index.ts';

const builtWebApp = fileURLToPath(new URL('../../web/dist/', import.meta.url));

async function main() {
  const config = loadConfig();
  if (!config.WEB_DIST && existsSync(builtWebApp)) config.WEB_DIST = builtWebApp;
  const db = await connect(config);
  await migrate(db);
  if (config.SEED_DEMO) await seedDemo(db);
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  // A promise nobody awaited must not take the whole portal down with it: log it and keep serving.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`portal on http://localhost:${config.PORT} (${db.kind}${config.WEB_DIST ? ', web app' : ', API only'})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
