import { SEARCH_MIN_LENGTH } from '../constants.js';

// Without zod or the message catalogue: the catalogue's route definitions (the app's first load) use it.

/**
 * Spec §5: only a text of at least {@link SEARCH_MIN_LENGTH} characters (trimmed) is searched —
 * shorter is an empty answer from the server, no call from the app or the console (decision 0481).
 */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH;
}
