import type { Clock } from '../clock';
import type { LoadedKey } from '../crypto/encryption';
import { compactAfterErasure, type Storage } from '../db';
import { finishRetiredKeys, resealToYear, type FamilyRotation } from '../statements/period-keys';
import { runRetention, type RunOutcome } from './run';

// docs/decisions/retention.md#keys: an applied run with the bounded families' keys
// (docs/decisions/storage.md#bounded-keys). After the run's transaction: the statements whose purge day is
// known are sealed with the key of that day's year (each daily run, so one decided or issued yesterday is
// sealed with its year today); then, if the run emptied anything, every key it retired in its commit (all of
// them: run.ts) is destroyed once what it still seals has a new key of its family; last, the database keeps no
// old bytes of it (SQLite: checkpoint, vacuum).

export interface RetentionWithKeysDeps {
  storage: Storage;
  clock: Clock;
  key: LoadedKey;
}

export interface RetentionWithKeysOutcome extends RunOutcome {
  /** The years whose every key this run destroyed (nothing of them is left). */
  destroyedKeys: number[];
  /** The families whose keys this run replaced: what is left of them is sealed with a new key. */
  rotatedKeys: Array<FamilyRotation['family']>;
  /** False when SQLite's log could not be cut (another process kept reading): its old frames may remain. */
  compacted: boolean;
}

export async function runRetentionWithKeys(
  deps: RetentionWithKeysDeps,
  request: Parameters<typeof runRetention>[1],
): Promise<RetentionWithKeysOutcome> {
  const outcome = await runRetention(deps, request);
  const none = { ...outcome, destroyedKeys: [], rotatedKeys: [], compacted: true };
  if (!request.apply) return none;
  const periodKeys = { storage: deps.storage, keys: [deps.key.key, ...deps.key.previous] };
  if (!outcome.already)
    await resealToYear(
      periodKeys,
      outcome.knownPurgeDays.map(({ id, year }) => ({ statementId: id, purgeYear: year })),
    );
  // A run that emptied something retired every key in its commit; so may an interrupted one have.
  const rotations = await finishRetiredKeys(periodKeys);
  if (outcome.purged === 0 && !rotations.some((rotation) => rotation.destroyed > 0)) return none;
  return {
    ...outcome,
    compacted: await compactAfterErasure(deps.storage),
    destroyedKeys: rotations.flatMap((rotation) =>
      typeof rotation.family === 'number' && !rotation.resealed && rotation.left === 0
        ? [rotation.family]
        : [],
    ),
    rotatedKeys: rotations.flatMap((rotation) => (rotation.resealed ? [rotation.family] : [])),
  };
}
