import type { Db } from './database.js';

/**
 * State an instance keeps beside its database (caches keyed by shop id, counters). Kept per
 * database handle, not per process: one process may hold several apps — the test suite runs its
 * files in one worker, the scale test runs two instances — and a cache keyed by shop id alone
 * would answer one app with another's rows.
 */
export function perDatabase<T>(make: () => T): (db: Db) => T {
  const states = new WeakMap<Db, T>();
  return (db) => {
    let state = states.get(db);
    if (state === undefined) {
      state = make();
      states.set(db, state);
    }
    return state;
  };
}
