import { perDatabase } from '../../db/per-database.js';

const ignore = () => {};

/**
 * Runs the tasks given for one key one after the other, each once every earlier one has settled
 * (resolved or rejected: a refused booking lets the next one in). A key's line is dropped when
 * its last task settles, so the map holds only keys with work in flight.
 */
export function keyedQueue<K>() {
  const lines = new Map<K, { tail: Promise<void>; length: number }>();
  return {
    run<T>(key: K, task: () => Promise<T>): Promise<T> {
      const line = lines.get(key) ?? { tail: Promise.resolve(), length: 0 };
      lines.set(key, line);
      const result = line.tail.then(task);
      line.tail = result.then(ignore, ignore);
      line.length += 1;
      void line.tail.then(() => {
        line.length -= 1;
        if (line.length === 0) lines.delete(key);
      });
      return result;
    },
    /** The tasks of `key` running or waiting (the tests watch a burst queue up and drain). */
    length: (key: K): number => lines.get(key)?.length ?? 0,
  };
}

/**
 * The bookings of one staff member that this instance runs, one at a time (decision 0603): a
 * burst for one popular slot waits here, holding no database connection, instead of queuing on
 * the member's row lock with every connection of the pool. Kept per database handle: two
 * instances in one process (the tests) each have their own, and across instances the row lock
 * still decides.
 */
export const staffBookingQueue = perDatabase(() => keyedQueue<number>());
