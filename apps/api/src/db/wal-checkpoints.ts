import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's WAL checkpoints made off the event loop (issue 22, decision 0687). By default the commit
 * that takes the WAL past 1,000 pages runs the checkpoint itself: it syncs the WAL, copies its pages
 * into the database file and syncs that — 9–19 ms under the cart set's load, in a synchronous call,
 * so every request in flight waited for it (a few times in ten seconds: a good part of that route's
 * p99). Here the serving connection checkpoints only as a backstop ({@link BACKSTOP_PAGES}) and a
 * worker thread with its own connection to the same file runs a passive checkpoint once a second when
 * this connection has written since the last one. A passive checkpoint takes no lock a writer or a
 * reader waits for: it copies what no reader still needs, and the next commit on the serving
 * connection starts the WAL again from its beginning once everything is copied (SQLite's own rule).
 * Durability is `synchronous = NORMAL`'s, sooner: a checkpoint syncs the WAL first, so a commit is on
 * disk within about a second instead of at the next 1,000th page. A reader that holds an old snapshot
 * keeps the WAL growing here as it did before; should the worker fail, the connection goes back to
 * SQLite's default. In-memory databases have no WAL and get nothing.
 */

/** How often the worker is asked to checkpoint, when something was written since the last time. */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * The serving connection's own checkpoint, should the worker fall behind (a burst of writes between two
 * of its checkpoints, a busy host): ten times SQLite's default, so the WAL stays bounded whatever happens.
 */
export const BACKSTOP_PAGES = 10_000;

/** SQLite's default automatic checkpoint, which the connection goes back to if the worker fails. */
const SQLITE_DEFAULT_PAGES = 1000;

/**
 * The worker's code: plain CommonJS run with `eval`, so the same text serves the sources (tsx, vitest)
 * and the compiled server without a file of its own. It answers each checkpoint with SQLite's
 * `[busy, log, checkpointed]` and closes its connection when told to.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage([row.busy, row.log, row.checkpointed]);
});
`;

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

export interface WalCheckpoints {
  /** Checkpoints now (when something was written since the last one) and answers what SQLite did: for tests. */
  checkpoint(): Promise<readonly [busy: number, log: number, checkpointed: number] | undefined>;
  /** Stops the timer and closes the worker's connection: call before closing the serving connection. */
  close(): Promise<void>;
}

/** Moves `sqlite`'s checkpoints to a worker thread, when it is a database file in WAL mode. */
export function checkpointOffThread(sqlite: SQLite.Database): WalCheckpoints {
  // An in-memory database answers 'memory': it has no WAL.
  if (sqlite.pragma('journal_mode', { simple: true }) !== 'wal') {
    return { checkpoint: async () => undefined, close: async () => {} };
  }
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const changes = sqlite.prepare('select total_changes()').pluck();
  let checkpointed = changes.get() as number;
  let worker: Worker | undefined;
  let failed = false;
  let inFlight: Promise<readonly [number, number, number] | undefined> | undefined;

  const start = (): Worker => {
    const started = new Worker(WORKER, { eval: true, workerData: { driver, file: sqlite.name } });
    // The worker must not keep the process alive; an error ends it, and the connection checkpoints itself again.
    started.unref();
    started.on('error', () => {
      failed = true;
      worker = undefined;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    });
    return started;
  };

  const checkpoint = () => {
    if (failed || inFlight) return inFlight ?? Promise.resolve(undefined);
    const now = changes.get() as number;
    if (now === checkpointed) return Promise.resolve(undefined);
    worker ??= start();
    const asked = worker;
    inFlight = new Promise<readonly [number, number, number] | undefined>((resolve) => {
      const answered = (result: [number, number, number]) => {
        asked.off('exit', gone);
        // Everything written before the question is copied unless a reader held the WAL: then next time again.
        if (result[0] === 0 && result[1] === result[2]) checkpointed = now;
        resolve(result);
      };
      const gone = () => {
        asked.off('message', answered);
        resolve(undefined);
      };
      asked.once('message', answered);
      asked.once('exit', gone);
      asked.postMessage('checkpoint');
    }).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const timer = setInterval(checkpoint, CHECKPOINT_EVERY_MS);
  timer.unref();
  return {
    checkpoint,
    async close() {
      clearInterval(timer);
      const open = worker;
      worker = undefined;
      if (!open) return;
      await inFlight;
      // A worker that failed meanwhile has exited already: nothing to wait for.
      if (failed) return;
      // The worker's connection closes first: the serving connection's close is then the last, which
      // checkpoints everything and removes the WAL, as before (a copy of the closed file is whole).
      const exited = new Promise((resolve) => open.once('exit', resolve));
      open.postMessage('close');
      await exited;
    },
  };
}
