import { is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * A hot statement built once instead of on every call: the query builder's work (most of a short
 * statement's JavaScript cost) is done once, and PostgreSQL gets it as a named prepared statement, so
 * each connection parses and plans it once. `prepare` builds it and calls `.prepare(name)` with a name
 * unique in the process.
 *
 * Outside a transaction it is built once per database. Inside one it must run on the transaction's
 * connection: it is built once per driver and each call gets a view of it bound to that transaction's
 * client (`client` is the one field drizzle's prepared queries, node-postgres and PGlite alike, send
 * through; the text, parameters and row mapping are shared). Building it per transaction instead cost
 * more than the plans it saved (decision 0032).
 */
export function preparedStatement<Q extends object>(prepare: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byDatabase = new WeakMap<object, Q>();
  const byDriver = new Map<unknown, Q>();
  return (db) => {
    if (is(db, PgTransaction)) {
      const { session } = db as unknown as { session: { constructor: unknown; client: unknown } };
      let query = byDriver.get(session.constructor);
      if (!query) {
        query = prepare(db);
        byDriver.set(session.constructor, query);
      }
      return Object.create(query, { client: { value: session.client } }) as Q;
    }
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

/**
 * A hand-written statement that must stand at the top level (a data-modifying WITH, which `preparedRows`
 * cannot wrap), prepared the same way. It answers the driver's result: `rows` keyed by column name, so
 * select JSON (or text) where the two drivers would read a type differently.
 */
export function preparedSql<Row>(name: string, query: SQL) {
  return preparedStatement((db) => {
    const { session, dialect } = db as unknown as {
      session: {
        prepareQuery(
          query: unknown,
          fields: undefined,
          name: string,
          isResponseInArrayMode: boolean,
        ): { execute(params?: Record<string, unknown>): Promise<{ rows: Row[] }> };
      };
      dialect: { sqlToQuery(query: SQL): unknown };
    };
    return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  });
}

/**
 * A statement whose shape depends on which values are given (an INSERT or UPDATE of some columns): one
 * prepared statement per shape, named `name` and a number. `prepare` writes the statement from
 * `columns`: each given key as `sql.placeholder(key)`, or as null when the value is null (a placeholder
 * would hand null to the column's own conversion, which a timestamp refuses). Values left undefined are
 * not part of the shape, so their columns keep their defaults.
 */
export function preparedShapes<Q extends object>(
  name: string,
  prepare: (db: DbOrTx, columns: Readonly<Record<string, Placeholder | null>>, statementName: string) => Q,
) {
  const shapes = new Map<string, (db: DbOrTx) => Q>();
  return (db: DbOrTx, values: Readonly<Record<string, unknown>>) => {
    const keys = Object.keys(values)
      .filter((key) => values[key] !== undefined)
      .sort();
    const shape = keys.map((key) => (values[key] === null ? `${key}=null` : key)).join(',');
    let statement = shapes.get(shape);
    if (!statement) {
      const statementName = `${name}_${shapes.size + 1}`;
      const columns = Object.fromEntries(
        keys.map((key) => [key, values[key] === null ? null : sql.placeholder(key)]),
      );
      statement = preparedStatement((d) => prepare(d, columns, statementName));
      shapes.set(shape, statement);
    }
    return {
      query: statement(db),
      params: Object.fromEntries(keys.filter((key) => values[key] !== null).map((key) => [key, values[key]])),
    };
  };
}
