import { runCli } from '../src/cli/run-cli.ts';

/** Runs a command line in this process with `env`; answers its exit code and what it printed to each stream. */
export async function runCliCollected(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    env,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
