import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AuditKeying } from '#server/db/index.ts';

// An operator command in a process of its own (no server code loaded here: the e2e harness imports it).

export interface OperatorRun {
  exitCode: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

export interface Where {
  dataDir: string;
  databaseUrl: string | undefined;
  statementsKey?: Buffer;
  audit?: AuditKeying;
}

/** The environment `npm run operator` gets: the given database and the test app's keys (and head file). */
export function operatorEnv(where: Where, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: where.dataDir,
    DATABASE_URL: where.databaseUrl ?? '',
    STATEMENTS_KEY: where.statementsKey?.toString('hex') ?? '',
    AUDIT_KEY: where.audit?.key.toString('hex') ?? '',
    AUDIT_HEAD_FILE: where.audit?.headFile ?? '',
    // With PostgreSQL the years' keys need a folder of their own (config.ts yearKeysDirOf).
    YEAR_KEYS_DIR: where.databaseUrl ? path.join(where.dataDir, 'year-keys') : '',
    ...env,
  };
}

export const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** `npm run operator`: the commands from their sources through tsx. */
export const SOURCE_OPERATOR = ['--import', 'tsx', 'src/server/operator/cli.ts'];

/**
 * The same, as the operator starts it: its own process (exit code and output as a shell sees them), from the
 * sources unless `program` names another start (the e2e run's bundle: test/e2e/harness.ts's spawnOperator).
 */
export async function spawnOperator(
  args: string[],
  where: Where,
  env: Record<string, string> = {},
  program: string[] = SOURCE_OPERATOR,
): Promise<OperatorRun> {
  const child = spawn(process.execPath, [...program, ...args], {
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
