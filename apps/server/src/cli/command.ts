import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export interface CommandContext {
  /** Options as parseArgs read them (strings and booleans), and the words after the command's name. */
  options: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  /** Open, migrated database (when the command needs one). */
  db: Database;
  config: Config;
  /** Writes a line for the person at the terminal. */
  print: (line: string) => void;
}

export interface Command {
  /** The words that call it, e.g. `staff add`. */
  name: string;
  /** One line for `help`. */
  summary: string;
  /** How to call it, after `npm run portal --`. */
  usage: string;
  options?: ParseArgsConfig['options'];
  /** Does the work; answers the exit code (0 done, 1 refused). Throw CommandError for a refusal with a message. */
  run(context: CommandContext): Promise<number>;
  /** Instead of `run` when the running server holds the embedded database: asks the server to do it (a backup). */
  throughServer?(context: Omit<CommandContext, 'db'>): Promise<number>;
}

/** A refusal to print as it is (no stack): bad arguments, a number already taken. */
export class CommandError extends Error {}

/** One file in cli/commands/ that default-exports defineCommand({...}) is a new command: nothing else to register. */
export const defineCommand = (command: Command) => command;
