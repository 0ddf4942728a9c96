// `npm run portal -- <command>`: the institute's command line (cli/README.md).
import { runCli } from './run-cli.ts';

runCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
