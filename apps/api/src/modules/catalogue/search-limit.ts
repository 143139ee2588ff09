import { messages } from '@farmacia/contract';
import { RateLimitedError } from '../../plugins/rate-limit.js';

/**
 * The search limit per client address (issue 9, decision 0172): a customer typing sends a search
 * per pause of the debounce, a script walking the catalogue sends thousands. Unlike the account
 * limits (decision 0122) the counters live in this process's memory: a database write on every
 * search would cost more than the search itself, and an abuse limit per instance is enough for a
 * read — behind a load balancer each instance allows its own share.
 *
 * Fixed windows that open on the first hit, as the account limits: `max` searches within a
 * minute of it, then 429 with Retry-After until the window has passed.
 */
export class SearchLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  private static readonly WINDOW_MS = 60_000;
  /** Beyond this many addresses, closed windows are swept before a new one opens. */
  private static readonly SWEEP_AT = 10_000;

  /** `maxPerMinute` 0 turns the limit off (benchmarks). */
  constructor(
    private readonly maxPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one search from `ip`; throws 429 past the limit. */
  consume(ip: string): void {
    if (this.maxPerMinute <= 0) return;
    const now = this.now();
    let window = this.windows.get(ip);
    if (!window || now - window.start >= SearchLimiter.WINDOW_MS) {
      if (!window && this.windows.size >= SearchLimiter.SWEEP_AT) this.sweep(now);
      window = { start: now, hits: 0 };
      this.windows.set(ip, window);
    }
    window.hits++;
    if (window.hits > this.maxPerMinute) {
      throw new SearchLimitedError(Math.ceil((window.start + SearchLimiter.WINDOW_MS - now) / 1000));
    }
  }

  private sweep(now: number): void {
    for (const [ip, window] of this.windows) if (now - window.start >= SearchLimiter.WINDOW_MS) this.windows.delete(ip);
  }
}

/** A RateLimitedError (so the Retry-After header is set) with the search's own text. */
export class SearchLimitedError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = messages.catalogue.tooManySearches;
  }
}
