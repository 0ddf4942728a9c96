import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { DataDirBusy } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { ApiError } from '../http/api-error.ts';
import { type Command, CommandError } from './command.ts';

const commandsDir = fileURLToPath(new URL('./commands/', import.meta.url));

/** Every command in cli/commands/, one file each, in name order. */
export async function loadCommands(): Promise<Command[]> {
  const files = (await readdir(commandsDir))
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.test.ts'))
    .sort();
  const modules = await Promise.all(
    files.map(async (file) => (await import(commandsDir + file)) as { default: Command }),
  );
  return modules.map((module) => module.default).sort((a, b) => a.name.localeCompare(b.name));
}

const helpText = (commands: Command[]) =>
  [
    'Usage: npm run portal -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(18)} ${c.summary}\n  ${''.padEnd(18)} ${c.usage}`),
    `  ${'help'.padEnd(18)} This list`,
    '',
    'They work on DATABASE_URL when it is set, otherwise on the embedded database in DATA_DIR (default .data),',
    'which only one process can open: stop the server first (backup asks the running server to write the archive).',
  ].join('\n');

/**
 * Runs one command line (`staff add --name …`) and answers its exit code: 0 done, 1 refused or wrong
 * arguments, 2 the embedded database is held by another process.
 */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const commands = await loadCommands();
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const command = commands.find((c) => c.name.split(' ').every((word, i) => words[i] === word));
  if (!command) {
    const asked = argv.join(' ');
    const wantsHelp = asked === '' || asked === 'help' || asked === '--help' || asked === '-h';
    (wantsHelp ? print : printError)((wantsHelp ? '' : `Unknown command: ${asked}\n\n`) + helpText(commands));
    return wantsHelp ? 0 : 1;
  }

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options: command.options ?? {}, allowPositionals: true, strict: true });
  } catch (error) {
    printError(`${(error as Error).message}\nUsage: npm run portal -- ${command.usage}`);
    return 1;
  }

  let db;
  let config: Config | undefined;
  const given = {
    options: parsed.values,
    positionals: parsed.positionals.slice(command.name.split(' ').length),
    print,
  };
  try {
    config = loadConfig(env);
    db = await connect(config, undefined, 'command line');
    await migrate(db);
    return await command.run({ ...given, db, config });
  } catch (error) {
    if (error instanceof DataDirBusy) {
      // The server holds the embedded database: a command that it can do for us asks it (a backup while it serves).
      if (error.holder === 'server' && command.throughServer && config) {
        try {
          return await command.throughServer({ ...given, config });
        } catch (failure) {
          printError(
            failure instanceof CommandError
              ? `${failure.message}\nUsage: npm run portal -- ${command.usage}`
              : `${(failure as Error).message}`,
          );
          return 1;
        }
      }
      printError(error.message);
      return 2;
    }
    if (error instanceof CommandError || error instanceof ApiError) {
      printError(`${error.message}\nUsage: npm run portal -- ${command.usage}`);
      return 1;
    }
    if (error instanceof Error && error.message.startsWith('Invalid configuration')) {
      printError(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db?.close();
  }
}
