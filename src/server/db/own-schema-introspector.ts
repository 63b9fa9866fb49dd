import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's look at the PostgreSQL catalog (its migrator asks it whether its own tables exist), kept to this
 * connection's schema. Kysely's own reads every schema and calls functions by name on each table it finds: a
 * schema another user of the database (a second application, a test beside this one) creates or drops
 * meanwhile then fails the read ("schema does not exist", "column … of relation … does not exist") though
 * this schema is whole. Here only catalog rows are read, by this schema's oid.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas() {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.#db);
    return rows.flatMap(({ name }) => (name === null ? [] : [{ name }]));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
      identity: string;
    }>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             t.typname as type, a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity as identity
      from pg_catalog.pg_namespace ns
      join pg_catalog.pg_class c on c.relnamespace = ns.oid and c.relkind in ('r', 'p', 'v')
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
      where ns.nspname = current_schema()
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      const table = tables.get(row.table) ?? {
        name: row.table,
        schema: row.schema,
        isView: row.kind === 'v',
        columns: [],
      };
      tables.set(row.table, table);
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: !row.not_null,
        isAutoIncrementing: row.identity !== '',
        hasDefaultValue: row.has_default,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** Kysely's PostgreSQL dialect with the look at the catalog kept to this connection's schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
