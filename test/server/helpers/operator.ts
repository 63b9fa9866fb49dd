import { spawn } from 'node:child_process';
import type { AuditKeying } from '#server/db/index.ts';
import { runCommand } from '#server/operator/run.ts';

export interface OperatorRun {
  exitCode: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

interface Where {
  dataDir: string;
  databaseUrl: string | undefined;
  statementsKey?: Buffer;
  audit?: AuditKeying;
}

/** The environment `npm run operator` gets: the given database and the test app's keys (and head file). */
function operatorEnv(where: Where, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: where.dataDir,
    DATABASE_URL: where.databaseUrl ?? '',
    STATEMENTS_KEY: where.statementsKey?.toString('hex') ?? '',
    AUDIT_KEY: where.audit?.key.toString('hex') ?? '',
    AUDIT_HEAD_FILE: where.audit?.headFile ?? '',
    ...env,
  };
}

const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * Runs an operator command in this process, as `npm run operator -- …` does, against the given database
 * with the test app's statements key (the server's and the commands' must be one).
 */
export async function runOperator(
  args: string[],
  where: Where,
  env: Record<string, string> = {},
): Promise<OperatorRun> {
  let stdout = '';
  let stderr = '';
  const exitCode = await runCommand(args, {
    env: operatorEnv(where, env),
    terminal: false,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { exitCode, lines: jsonLines(stdout), stderr };
}

/** The same, as the operator starts it: its own process (exit code and output as a shell sees them). */
export async function spawnOperator(
  args: string[],
  where: Where,
  env: Record<string, string> = {},
): Promise<OperatorRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...args], {
    env: operatorEnv(where, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { exitCode, lines: jsonLines(stdout), stderr };
}
