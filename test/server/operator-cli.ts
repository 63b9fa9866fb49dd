import { spawn } from 'node:child_process';

export interface OperatorRun {
  exitCode: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

/**
 * Runs `npm run operator -- …` as the operator would (own process), against the given database, with the
 * test app's statements key (the server's and the commands' must be one).
 */
export async function runOperator(
  args: string[],
  where: { dataDir: string; databaseUrl: string | undefined; statementsKey?: Buffer },
  env: Record<string, string> = {},
): Promise<OperatorRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.databaseUrl ?? '',
      STATEMENTS_KEY: where.statementsKey?.toString('hex') ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { exitCode, lines, stderr };
}
