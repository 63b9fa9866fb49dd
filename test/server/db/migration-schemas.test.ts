import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storageTargets } from '../helpers/storage-targets';

const postgres = storageTargets.find((target) => target.name === 'postgres');

// docs/decisions/storage.md: each database (here, each schema) keeps its own migration tables; another
// schema's on the same server must not pass for them, nor its coming and going break this one's migrations.
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

  // Kysely's own look read every schema and failed with "schema … does not exist" or "column … of relation
  // … does not exist" when one was dropped meanwhile (two CI runs failed so, in audit-verify and
  // export-statements started beside other test files).
  it('migrates and reads its own tables while other schemas are created and dropped beside it', async () => {
    const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await churn.connect();
    let churning = true;
    const churner = (async () => {
      for (let round = 0; churning; round += 1) {
        const schema = `churn_${process.pid}_${round % 3}`;
        await churn.query(`create schema ${schema}`);
        await churn.query(`create table ${schema}.steps (id varchar(36) primary key, day varchar(10))`);
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    const seen = new Set<string>();
    try {
      const until = Date.now() + 1_500;
      do {
        const opened = await postgres!.open();
        try {
          for (let read = 0; read < 20; read += 1)
            for (const table of await opened.storage.db.introspection.getTables()) seen.add(table.name);
        } finally {
          await opened.drop();
        }
      } while (Date.now() < until);
    } finally {
      churning = false;
      await churner;
      await churn.end();
    }
    expect(seen).toContain('statements');
    expect(seen).not.toContain('steps');
  });
});
