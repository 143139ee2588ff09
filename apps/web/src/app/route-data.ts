import { isOnline } from '../lib/connectivity';

/**
 * A route loader's work, run only while the app is online. Offline, TanStack Query holds every
 * fetch until the server answers again, so a loader waiting on one would hold the screen on the
 * loader; instead the screen opens at once with the offline notice and its own queries, which
 * resume by themselves (spec §8).
 */
export function whileOnline<T>(work: () => Promise<T>): Promise<T> | undefined {
  return isOnline() ? work() : undefined;
}
