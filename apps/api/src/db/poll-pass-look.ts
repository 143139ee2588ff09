import { localWrites } from './local-writes.js';

/** The event loop's counters: its passes and the I/O events it has handled (libuv's metrics). */
const loopMetrics = performance.nodeTiming;

/**
 * A look at the database that the other requests of the same pass of the event loop's poll may reuse
 * (decision 0613, the search's data version; decision 0677, the product pages' version; decision 0683,
 * the slot versions, and PostgreSQL's looks, whose own writes {@link localWrites} counts too): the
 * requests read from their sockets in one pass were all sent before that poll returned, so a commit
 * their senders knew of was made before it and before a look made after it. This process's own
 * writes show at the very next read ({@link localWrites}: any row changed since the look, or a
 * transaction open, means a new look); another process's commit from the loop's next poll on.
 *
 * Where the loop and the writes were is taken before the look starts, and what the look answered
 * (a value, or a promise of one, also while it runs: under load the requests of one pass reach their
 * look before the first look's answer is back from its microtask) is what the pass's later reads
 * get. On PostgreSQL a look is a round trip sent after the pass's poll returned: it sees every commit
 * made before, another instance's included.
 */
export class PollPassLook<T> {
  private loop = -1;
  private events = -1;
  private writes = -1;
  private looked: T | undefined;

  /** What `look` answers, or the last look's answer while it still holds. */
  read(look: () => T): T {
    const writes = localWrites();
    const { loopCount, events } = loopMetrics.uvMetricsInfo;
    if (writes !== null && writes === this.writes && loopCount === this.loop && events === this.events) return this.looked as T;
    const looked = look();
    // Inside a transaction (writes null) nothing is kept: its commit changes no row of its own.
    if (writes !== null) {
      this.looked = looked;
      this.writes = writes;
      this.loop = loopCount;
      this.events = events;
      // A failed look is not answered again: the next read looks anew.
      if (looked instanceof Promise) {
        looked.catch(() => {
          if (this.looked === looked) this.loop = -1;
        });
      }
    }
    return looked;
  }
}
