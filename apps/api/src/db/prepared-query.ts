import { type CompiledQuery, type Compilable, createQueryId } from 'kysely';
import { type Executor, groupedWritesOf, pipelinedReadsOf } from './database.js';
import { nameStatement } from './named-statements.js';

/** A stand-in for one value (or one item of a list) while the query is built. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
}

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  /** Each parameter of the compiled SQL: a constant, or the slot of a value given at run time. */
  parameters: readonly unknown[];
}

type Values = Record<string, unknown>;

/** A list's length changes the SQL (`in (?, ?, ?)`): one template per combination of lengths. */
function shapeOf(values: Values): string {
  let shape = '';
  for (const name in values) {
    const value = values[name];
    if (Array.isArray(value)) shape += `${name}:${value.length};`;
  }
  return shape;
}

function standIns(values: Values): Values {
  const slots: Values = {};
  for (const name in values) {
    const value = values[name];
    slots[name] = Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name, -1);
  }
  return slots;
}

function compileTemplate<V extends Values, Row>(build: (db: Executor, values: V) => Compilable<Row>, db: Executor, values: V): Template {
  const compiled = build(db, standIns(values) as V).compile();
  const used = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.name));
  const lost = Object.keys(values).filter((name) => !used.has(name) && !(Array.isArray(values[name]) && (values[name] as unknown[]).length === 0));
  if (lost.length > 0 || compiled.sql.includes('[object Object]')) {
    throw new Error(`preparedQuery: ${lost.join(', ') || 'a value'} did not become a parameter of: ${compiled.sql}`);
  }
  // A template's text is run again and again: PostgreSQL keeps it prepared (decision 0587).
  nameStatement(compiled.sql);
  return { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
}

/**
 * A Kysely query built and compiled once per database engine (and per length of its lists), then
 * run with new values (decision 0553). On the busiest routes building the query tree and
 * compiling it to SQL took more CPU than the database's answer (a product page's record: four
 * joins, two CASEs). `build` receives stand-ins for the values, which must reach the SQL as
 * parameters (a `where`, an `in` list, a `${value}` in `sql`); a value written into the SQL text
 * (`lit`, `sql.raw`) or used to decide the query's shape cannot be prepared, and is refused when
 * the query is first compiled. The SQL run is the text the built query compiles to, so SQLite's
 * statement cache (decision 0344) and PostgreSQL see exactly what they saw before; on PostgreSQL
 * the text is sent as a named statement, parsed and planned once per connection (decision 0587).
 */
export function preparedQuery<V extends Values, Row>(
  build: (db: Executor, values: V) => Compilable<Row>,
  /**
   * `pipelined`: on PostgreSQL, outside a transaction, sent on the database's pipelined
   * connections (decision 0612) instead of a pool connection — for keyed reads of a busy public
   * route only: a statement there waits for those queued before it on its connection.
   * `grouped`: on SQLite, outside a transaction, a write run at the end of the event loop's turn
   * with the other grouped writes of that turn, in one transaction (decision 0617) — for a busy
   * write whose request reads nothing it wrote afterwards.
   */
  options: { pipelined?: boolean; grouped?: boolean } = {},
): (db: Executor, values: V) => Promise<Row[]> {
  // Per dialect adapter: SQLite and PostgreSQL differ in placeholders and quoting, and a test
  // process may open both; a transaction shares its database's adapter.
  const templates = new WeakMap<object, Map<string, Template>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (byShape === undefined) {
      byShape = new Map();
      templates.set(adapter, byShape);
    }
    const shape = shapeOf(values);
    let template = byShape.get(shape);
    if (template === undefined) {
      template = compileTemplate(build, db, values);
      byShape.set(shape, template);
    }
    const parameters = template.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const value = values[p.name];
      return p.index < 0 ? value : (value as unknown[])[p.index];
    });
    const reads = options.pipelined ? pipelinedReadsOf(db) : undefined;
    if (reads) return (await reads.query(template.sql, parameters)).rows as Row[];
    const compiled: CompiledQuery<Row> = { sql: template.sql, query: template.query, parameters, queryId: createQueryId() };
    const writes = options.grouped ? groupedWritesOf(db) : undefined;
    const result = writes ? await writes.run(compiled) : await db.executeQuery<Row>(compiled);
    return result.rows;
  };
}
