import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../errors.js';

/**
 * Runs a command on the configured database, brought up to date first, and closes it after.
 * A refusal of the domain (AppError) is told in one Italian line after `failure` and gives exit
 * status 1; anything else is a fault and is thrown.
 */
export async function onMigratedDatabase(failure: string, run: (db: Db, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config.engine, config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await run(database.db, config);
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${failure}: ${Object.values(error.options.errors ?? {}).flat().join(' ') || error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
