import type { Clock } from '../clock';
import { yearKeysDirOf, type ServerConfig } from '../config';
import type { LoadedKey } from '../crypto/encryption';
import type { Storage } from '../db';
import { destroyYearKeys, resealToYear } from '../statements/year-keys';
import { runRetention, type RunOutcome } from './run';

// docs/decisions/retention.md#keys: an applied run with the years' keys (docs/decisions/storage.md#year-keys).
// After the run's transaction: the statements whose purge day is known are sealed again with the key of that
// day's year (each daily run, so one decided or issued yesterday is sealed with its year today), then the keys
// of the years the run left with nothing to empty are destroyed.

export interface RetentionWithKeysDeps {
  storage: Storage;
  clock: Clock;
  config: Pick<ServerConfig, 'yearKeysDir'>;
  key: LoadedKey;
}

export interface RetentionWithKeysOutcome extends RunOutcome {
  /** The years whose key this run destroyed. */
  destroyedKeys: number[];
}

export async function runRetentionWithKeys(
  deps: RetentionWithKeysDeps,
  request: Parameters<typeof runRetention>[1],
): Promise<RetentionWithKeysOutcome> {
  const outcome = await runRetention(deps, request);
  if (!request.apply || outcome.already) return { ...outcome, destroyedKeys: [] };
  const yearKeys = {
    storage: deps.storage,
    dir: yearKeysDirOf(deps.config),
    keys: [deps.key.key, ...deps.key.previous],
  };
  await resealToYear(
    yearKeys,
    outcome.knownPurgeDays.map(({ id, year }) => ({ statementId: id, purgeYear: year })),
  );
  const { destroyed } = await destroyYearKeys(yearKeys, outcome.emptiedYears);
  return { ...outcome, destroyedKeys: destroyed };
}
