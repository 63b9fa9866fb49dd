// node scripts/together.mjs SCRIPT…: the npm scripts named, all at once, each one's output shown whole when
// it ends; fails when any fails. npm test's checks (typecheck, lint, formatting, schemas) each keep one core
// busy, one after another they left the other core idle.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n> npm run ${script} (${seconds} s${code === 0 ? '' : `, exit code ${code}`})\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all(process.argv.slice(2).map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
