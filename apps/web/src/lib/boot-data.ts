/**
 * The public API answers the server put into the page for its first screen (`#boot-data`, decision
 * 0353): `{ "/optionsClean": {...}, "/product/search?q=…": {...} }`, keyed by the API path exactly
 * as the app asks it. Each answer is used once, by a visitor's first call, while the page is
 * fresh; after that, and for a logged-in user, calls go to the server as usual.
 */
const FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById('boot-data');
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object') answers = new Map(Object.entries(parsed));
    } catch {
      // A page without usable answers: the app asks the server.
    }
  }
  return answers;
}

/** The page's answer for `path` (taken: a second call asks the server), or undefined. */
export function takeBootAnswer(path: string): unknown {
  if (performance.now() > FRESH_MS) return undefined;
  const found = read();
  if (!found.has(path)) return undefined;
  const value = found.get(path);
  found.delete(path);
  return value;
}
