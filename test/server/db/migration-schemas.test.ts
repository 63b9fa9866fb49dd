import { describe, expect, it } from 'vitest';
import { storageTargets } from '../helpers/storage-targets';

const postgres = storageTargets.find((target) => target.name === 'postgres');

// docs/decisions/storage.md: each database (here, each schema) keeps its own migration tables; another
// schema's on the same server must not pass for them.
describe.runIf(postgres)('migrations beside another schema (postgres)', () => {
  it('migrates a fresh schema while another, migrated, is in use', async () => {
    const first = await postgres!.open();
    try {
      const second = await postgres!.open();
      try {
        const tables = await second.storage.db.introspection.getTables();
        expect(tables.map((table) => table.name)).toContain('statements');
      } finally {
        await second.drop();
      }
    } finally {
      await first.drop();
    }
  });
});
