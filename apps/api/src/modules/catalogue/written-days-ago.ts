import { vi } from 'vitest';

/**
 * Runs `write` with the clock `days` days back, so the shop's price history (decision 0701) has
 * the days before a promotion that the law looks at. Only `Date` is faked: timers and the database
 * driver run as usual. For tests.
 */
export async function writtenDaysAgo<T>(days: number, write: () => Promise<T>): Promise<T> {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now - days * 86_400_000);
  try {
    return await write();
  } finally {
    vi.useRealTimers();
  }
}
