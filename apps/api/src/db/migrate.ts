import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws (and so stops the start) when a migration fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Modules number their migrations in their own ranges (0020s catalogue, 0080s back office…), so a
  // module's new migration may sort before one a database already ran: it runs, it is not refused.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
