import { runCommand } from '#server/operator/run.ts';
import { jsonLines, operatorEnv, type OperatorRun, type Where } from './operator-process';

export { spawnOperator, SOURCE_OPERATOR, type OperatorRun } from './operator-process';

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
