import { runCommand } from './run';

// `npm run operator -- <command>`: the commands are in commands.ts, one file each.
process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  terminal: Boolean(process.stderr.isTTY),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
