import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { type RowBuilder, rowBuilder } from './row-builder.js';

/** What a named statement's result looks like on one connection: read once from its first RowDescription. */
interface Description {
  fields: pg.FieldDef[];
  /** Each column's text parser, by position (the client's own, as node-postgres picks them). */
  parsers: ((text: string) => unknown)[];
  /** The row object of the parsed cells (undefined until a query in object mode first needs it). */
  objectRow?: RowBuilder<unknown>;
}

/** The Result fields node-postgres keeps private; set here as its `addFields` would. */
interface ResultState {
  fields: pg.FieldDef[];
  rows: unknown[];
  rowAsArray: boolean;
  _parsers: ((text: string) => unknown)[] | undefined;
}

interface Connection {
  parsedStatements: Record<string, string>;
  bind(message: object): void;
  close(message: object): void;
  sync(): void;
}

/** The parts of node-postgres' `Query` (lib/query.js) this subclass uses; its typings declare none of them. */
interface QueryInternals {
  name?: string;
  text: string;
  values?: unknown[];
  portal: string;
  binary?: boolean;
  rows?: number;
  _rowMode?: string;
  _result: ResultState & { _parseRowAsArray(cells: unknown[]): unknown[]; parseRow(cells: unknown[]): unknown };
  _canceledDueToError: unknown;
  prepare(connection: Connection): void;
  handleRowDescription(message: { fields: pg.FieldDef[] }): void;
  handleDataRow(message: { fields: (string | null)[] }): void;
  handleError(error: unknown, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
}
const Query = pg.Query as unknown as new (
  text: string,
  values: unknown[] | undefined,
  callback: (error: Error | null, result: pg.QueryResult) => void,
) => QueryInternals;

/** Per connection, by statement name: a prepared statement's result columns cannot change without PostgreSQL refusing to run it. */
const described = new WeakMap<Connection, Map<string, Description>>();

/**
 * A named statement's query that asks PostgreSQL to describe its result only the first time it runs on
 * a connection (issue 18 "Scale"). node-postgres sends Describe with every execution of a prepared
 * statement, then parses the answer's row description — an object and a name string per column — and
 * builds the result's parsers and a template row again, for every query: ~6 KB a request of the offers
 * mix on PostgreSQL, for statements whose columns never change on that connection (PostgreSQL fails a
 * kept statement whose result type changed, 0A000, and `sendNamedStatements` then prepares it under a
 * new name). Here the first run's description is kept per connection and name; later runs send Bind,
 * Execute and Sync only, and each row's cells are parsed in place and made into one literal
 * (`rowBuilder`: the same keys, order and values as node-postgres' rows) or, in array mode, are the row.
 * A subclass of node-postgres' `Query` (not a bare submittable): pipeline mode refuses other query objects.
 */
class DescribedQuery extends Query {
  private connection: Connection | undefined;
  private description: Description | undefined;
  private objectRow: RowBuilder<unknown> | undefined;

  constructor(
    name: string,
    text: string,
    values: unknown[] | undefined,
    arrayRows: boolean,
    callback: (error: Error | null, result: pg.QueryResult) => void,
  ) {
    // Given a text, node-postgres makes its config `{ text }`; given a config object it copies it through property
    // descriptors (`cloneQueryConfig`: 1.5 % of the process's CPU in the offers mix). The name and row mode are set as its constructor would.
    super(text, values, callback);
    this.name = name;
    if (arrayRows) {
      this._rowMode = 'array';
      const result = this._result;
      result.rowAsArray = true;
      result.parseRow = result._parseRowAsArray;
    }
  }

  override prepare(connection: Connection): void {
    this.connection = connection;
    const name = this.name as string;
    const known = this.binary ? undefined : described.get(connection)?.get(name);
    if (known === undefined || connection.parsedStatements[name] !== this.text) {
      super.prepare(connection);
      return;
    }
    this.use(known);
    // node-postgres' prepare without the Describe (the statement is parsed on this connection: no Parse either).
    try {
      connection.bind({ portal: this.portal, statement: name, values: this.values, binary: this.binary, valueMapper: pgUtils.prepareValue });
    } catch (error) {
      connection.close({ type: 'S', name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    super.handleRowDescription(message);
    const result = this._result;
    // A column named __proto__ is an own key of node-postgres' rows but a setter's call in a literal: such rows stay node-postgres'.
    if (this.connection === undefined || this.binary || result._parsers === undefined || message.fields.some((f) => f.name === '__proto__')) return;
    let byName = described.get(this.connection);
    if (byName === undefined) {
      byName = new Map();
      described.set(this.connection, byName);
    }
    const description: Description = { fields: message.fields, parsers: result._parsers };
    byName.set(this.name as string, description);
    this.use(description);
  }

  /** The result as `addFields` leaves it, from the kept description (its arrays shared: nothing writes them). */
  private use(description: Description): void {
    const result = this._result;
    result.fields = description.fields;
    result._parsers = description.parsers;
    this.description = description;
    if (!result.rowAsArray) {
      description.objectRow ??= rowBuilder(description.fields.map((f) => f.name));
      this.objectRow = description.objectRow;
    }
  }

  override handleDataRow(message: { fields: (string | null)[] }): void {
    if (this._canceledDueToError) return;
    const description = this.description;
    if (description === undefined) {
      super.handleDataRow(message);
      return;
    }
    // The message's cells array is this row's alone: parsed where it is, it becomes the row (array mode) or the literal's cells.
    const cells = message.fields as unknown[];
    const parsers = description.parsers;
    try {
      for (let i = 0; i < cells.length; i++) {
        const text = cells[i];
        if (text !== null) cells[i] = (parsers[i] as (text: string) => unknown)(text as string);
      }
    } catch (error) {
      this._canceledDueToError = error;
      return;
    }
    this._result.rows.push(this.objectRow === undefined ? cells : this.objectRow(cells));
  }
}

/** A named statement's config as `queryNamed` runs it: no other option of node-postgres' (types, binary, rows…). */
export interface NamedQuery {
  name: string;
  text: string;
  values?: unknown[];
  rowMode?: 'array';
}

const NAMED_QUERY_KEYS = new Set(['name', 'text', 'values', 'rowMode']);

/** Whether `config` names its statement and sets nothing `queryNamed` would not honour. */
export function isNamedQuery(config: pg.QueryConfig | pg.QueryArrayConfig): config is pg.QueryConfig & NamedQuery {
  const rowMode = (config as { rowMode?: string }).rowMode;
  if (typeof config.name !== 'string' || (rowMode !== undefined && rowMode !== 'array')) return false;
  for (const key in config) if (!NAMED_QUERY_KEYS.has(key)) return false;
  return true;
}

/**
 * Runs a named statement on `client` (a pool's or a pipelined connection), described by PostgreSQL only on its first
 * run there; answers as `client.query(config)` would.
 */
export function queryNamed<R extends pg.QueryResultRow = pg.QueryResultRow>(client: pg.ClientBase, config: NamedQuery): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    const callback = (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result as pg.QueryResult<R>));
    const query = new DescribedQuery(config.name, config.text, config.values, config.rowMode === 'array', callback);
    client.query(query as unknown as pg.QueryConfig);
  });
}
