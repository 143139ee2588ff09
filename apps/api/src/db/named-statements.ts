import type pg from 'pg';
import { queryNamed } from './described-query.js';

/**
 * Named prepared statements on PostgreSQL (decision 0587). Kysely sends every statement unnamed
 * (`client.query(text, values)`), so PostgreSQL parses and plans it again on every request: under
 * load, planning the product page's statement cost 0.87 ms against 0.19 ms to run it. A statement
 * registered here is sent by a pool's clients with a name instead (`{ name, text, values }`): each
 * connection parses it once and PostgreSQL keeps its plan. Only texts whose number is bounded are
 * registered (the templates of `preparedQuery`, one per query and list length): a connection keeps
 * every statement it was given a name for until it closes.
 */
const names = new Map<string, string>();

/** Marks `sql` as one to keep prepared; a text keeps the name it got first, and no two texts share one. */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `farmacia_q${names.size + 1}`);
}

/** How many statements were renamed after a schema change (each takes a name never used before). */
let renamed = 0;

/**
 * PostgreSQL refuses to run a kept statement whose result columns changed since it was prepared
 * (a migration dropped or retyped a column it returns): the statement must be prepared anew.
 */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes `client` send the registered statements by name. Anything else (unregistered text, a
 * query config, a cursor, a callback) goes through unchanged. A statement whose kept plan went
 * stale is given a new name on this connection and, outside a transaction, sent again once;
 * inside one the transaction has failed anyway, and the caller sees PostgreSQL's error.
 */
export function sendNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  /** Per connection: a text prepared anew after its plan went stale, under its new name. */
  const replaced = new Map<string, string>();
  const named = async (text: string, name: string, values: unknown[]): Promise<unknown> => {
    try {
      return await queryNamed(client, { name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      const fresh = `farmacia_r${++renamed}`;
      replaced.set(text, fresh);
      if (client.getTransactionStatus() !== 'I') throw error;
      return queryNamed(client, { name: fresh, text, values });
    }
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = replaced.get(text) ?? names.get(text);
      if (name !== undefined) return named(text, name, values);
    }
    return query(...args);
  };
}
