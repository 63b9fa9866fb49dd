// node scripts/together.mjs SCRIPT… [-- COMMAND…]: the npm scripts named and the command, all at once; each
// script's output shown whole when it ends, the command's as it comes; fails when any fails. npm test's checks
// (typecheck, lint, formatting, schemas) and its tests each leave a core idle part of the time; side by side
// the two cores stay busy (docs/decisions/testing.md).
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const scripts = split === -1 ? args : args.slice(0, split);
const command = split === -1 ? [] : args.slice(split + 1);

const finished = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));

const runScript = async (script) => {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const code = await finished(child);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n> npm run ${script} (${seconds} s${code === 0 ? '' : `, exit code ${code}`})\n`);
  process.stdout.write(Buffer.concat(output));
  return code;
};

// The command's own binaries (vitest) come from node_modules/.bin, as in an npm script.
const runCommand = () => finished(spawn(command[0], command.slice(1), { stdio: 'inherit' }));

const codes = await Promise.all([...scripts.map(runScript), ...(command.length > 0 ? [runCommand()] : [])]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
