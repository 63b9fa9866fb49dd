import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './types';

/** Where a value of the call goes in a query compiled once (compiledOnce). */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query that kysely builds and compiles once per database (SQLite and PostgreSQL write SQL differently), then
 * runs with each call's values in their places: building and compiling its tree anew at every call was 6 % of
 * a statement's CPU for the claim lookup (npm run bench). `build` gets stand-ins for the values, to place
 * as values only (compared or inserted, never looked into).
 */
export function compiledOnce<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...values: Args) => Compilable<Row>,
) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as Args;
  return async (db: Kysely<Database>, ...values: Args): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...slots).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? values[value.index] : value));
    const { rows } = await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
    return rows;
  };
}
