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
      // A worker's last spare may still be being copied: PostgreSQL finishes a CREATE DATABASE even
      // when its client has gone, so wait for those to end before listing what to drop.
      const copying = `create database farmacia\\_t\\_${tag}\\_%`;
      for (let i = 0; i < 120; i++) {
        const busy = await admin.query("select 1 from pg_stat_activity where pid <> pg_backend_pid() and state = 'active' and query ilike $1", [copying]);
        if (busy.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`farmacia\\_t\\_${tag}\\_%`]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
