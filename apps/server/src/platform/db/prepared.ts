import { is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * A hot statement built once per database instead of on every call: the query builder's work (most of
 * a short read's JavaScript cost) is done once, and PostgreSQL gets it as a named prepared statement, so
 * each connection parses and plans it once. `prepare` builds it and calls `.prepare(name)` with a name
 * unique in the process.
 *
 * Inside a transaction the statement must run on the transaction's connection, not the pool's: it is
 * built for that transaction (the connection still reuses its parsed statement).
 */
export function preparedStatement<Q>(prepare: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byDatabase = new WeakMap<object, Q>();
  return (db) => {
    if (is(db, PgTransaction)) return prepare(db);
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * A hand-written statement (its parameters as `sql.placeholder(name)`) prepared the same way. Each row
 * comes back as one object (`to_jsonb`), so both drivers answer alike: numbers and booleans as such,
 * timestamps as ISO strings.
 */
export function preparedRows<Row>(name: string, query: SQL) {
  return preparedStatement((db) =>
    db
      .select({ row: sql<Row>`to_jsonb(x)` })
      .from(sql`(${query}) AS x`)
      .prepare(name),
  );
}
