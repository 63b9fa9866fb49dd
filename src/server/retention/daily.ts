import { warsawDate } from '#shared/warsaw-time.ts';
import { SERVER } from '../staff/audit';
import { runRetentionWithKeys, type RetentionWithKeysDeps } from './with-keys';

// docs/decisions/retention.md#daily: with RETENTION=on the server runs retention once a day on its own, as of
// the campaign clock's Warsaw day. Every server may try: the day's row (retention_runs) lets one of them purge.

/** How often a server looks whether today's run is done: a day's run starts within this of midnight. */
export const RETENTION_CHECK_MS = 15 * 60_000;

export interface RetentionLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface DailyRetention {
  stop(): Promise<void>;
}

/** Starts the daily run: at once, then every `checkMs`; each check runs the campaign clock's day once. */
export function startDailyRetention(
  parts: RetentionWithKeysDeps & { log: RetentionLog; checkMs?: number },
): DailyRetention {
  const { clock, log, checkMs = RETENTION_CHECK_MS } = parts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const check = async () => {
    const day = warsawDate(clock.campaign());
    const outcome = await runRetentionWithKeys(parts, { day, apply: true, actor: SERVER });
    if (!outcome.already)
      log.info(
        {
          run: outcome.run,
          day,
          purged: outcome.purged,
          held: outcome.held,
          keysDestroyed: outcome.destroyedKeys,
          // docs/deploy.md#erasure: the log's old frames are still there (another process kept reading).
          ...(outcome.compacted ? {} : { compacted: false }),
        },
        'retention run',
      );
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = check().then(
        () => schedule(checkMs),
        (error: unknown) => {
          // The database gone, say: nothing was emptied (one transaction); the next check tries again.
          const { name, code } = error as Error & { code?: unknown };
          log.error({ error: { name, code } }, 'retention run failed');
          schedule(checkMs);
        },
      );
    }, delayMs);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
