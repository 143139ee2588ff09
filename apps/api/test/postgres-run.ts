import pg from 'pg';

/**
 * vitest's global setup: one name for this run's PostgreSQL test databases (test-database.ts puts it
 * in each database's name), and at the run's end the drop of those still there — each worker's
 * unused spare copy, and a database whose file failed before closing it. Other runs on the same
 * server (other checkouts) keep theirs.
 */
export default function postgresRun(): () => Promise<void> {
  const tag = `r${process.pid}`;
  process.env.FARMACIA_PG_TEST_RUN = tag;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`farmacia\\_t\\_${tag}\\_%`]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
