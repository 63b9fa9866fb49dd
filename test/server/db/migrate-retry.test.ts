import { describe, expect, it } from 'vitest';
import type { MigrationResultSet } from 'kysely';
import { migrateToLatest } from '#server/db/index.ts';

// Kysely reads every schema's catalog before migrating: a schema another user of the PostgreSQL database
// drops meanwhile fails that read with 3F000 (seen when two test files migrate and drop schemas side by side).

function migratorAnswering(...answers: MigrationResultSet[]) {
  const calls = { count: 0 };
  return {
    calls,
    migrateToLatest: async () => answers[Math.min(calls.count++, answers.length - 1)]!,
  };
}

const schemaGone: MigrationResultSet = {
  error: Object.assign(new Error('schema "test_1" does not exist'), { code: '3F000' }),
};

describe('running the migrations', () => {
  it('tries again when a schema vanished during the look at the catalog, and succeeds', async () => {
    const migrator = migratorAnswering(schemaGone, { results: [] });
    expect(await migrateToLatest(migrator)).toEqual({ results: [] });
    expect(migrator.calls.count).toBe(2);
  });

  it('gives up after three tries, with the error', async () => {
    const migrator = migratorAnswering(schemaGone);
    expect((await migrateToLatest(migrator)).error).toBe(schemaGone.error);
    expect(migrator.calls.count).toBe(3);
  });

  it('does not repeat any other failure', async () => {
    const failed: MigrationResultSet = { error: Object.assign(new Error('syntax'), { code: '42601' }) };
    const migrator = migratorAnswering(failed, { results: [] });
    expect(await migrateToLatest(migrator)).toBe(failed);
    expect(migrator.calls.count).toBe(1);
  });
});
