import { type Kysely, sql } from 'kysely';
import { engineOf } from './column.js';

// biome-ignore lint/suspicious/noExplicitAny: any database, whatever its tables
type AnyDb = Kysely<any>;

/**
 * The schema a database holds, as plain text in a stable order: every table's columns (with
 * types, nullability, defaults), constraints, indexes, triggers and functions. Two databases
 * with the same dump have the same schema, so a migration refactor can prove it changed no DDL
 * (migrate.test.ts compares against the recorded dumps in __schema__/).
 */
export async function dumpSchema(db: AnyDb): Promise<string> {
  return engineOf(db) === 'postgres' ? dumpPostgres(db) : dumpSqlite(db);
}

async function lines(db: AnyDb, query: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await query.execute(db);
  return (rows as Record<string, unknown>[]).map((row) => Object.values(row).map(String).join(' | '));
}

/** What `sqlite3 .schema` prints: the CREATE statement SQLite keeps for each object. */
function dumpSqlite(db: AnyDb): Promise<string> {
  return lines(
    db,
    sql`select type, name, sql from sqlite_master where name not like 'sqlite_%' order by tbl_name, type, name`,
  ).then((all) => all.join('\n'));
}

/** The catalogue facts `pg_dump --schema-only` is made of, one line each, sorted. */
async function dumpPostgres(db: AnyDb): Promise<string> {
  const sections = {
    columns: sql`select table_name, ordinal_position, column_name, data_type, is_nullable, column_default,
        is_generated, generation_expression
      from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
    constraints: sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`,
    indexes: sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2`,
    triggers: sql`select tgrelid::regclass::text as tbl, tgname, pg_get_triggerdef(oid) as def
      from pg_trigger where not tgisinternal order by 1, 2`,
    functions: sql`select proname, pg_get_functiondef(oid) as def
      from pg_proc where pronamespace = current_schema()::regnamespace order by 1, 2`,
    sequences: sql`select sequencename, data_type, start_value, increment_by
      from pg_sequences where schemaname = current_schema() order by 1`,
  };
  const out: string[] = [];
  for (const [name, query] of Object.entries(sections)) out.push(`-- ${name}`, ...(await lines(db, query)));
  return out.join('\n');
}
