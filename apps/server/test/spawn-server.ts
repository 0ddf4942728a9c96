import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const serverRoot = resolve(import.meta.dirname, '..');

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  /** Everything written to standard output so far. */
  out(): string;
  exited: Promise<number | null>;
}

/** The real server (src/server.ts through tsx) in its own process on a random port, in production mode with `env`. */
export function spawnServer(env: Record<string, string | undefined>): SpawnedServer {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', SMS_PROVIDER: 'log', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  return { child, port, out: () => out, exited };
}
