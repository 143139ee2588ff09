/**
 * App-wide events raised by the API client and the session, heard by the shell (toasts, login
 * redirect, offline state). A tiny typed wrapper over EventTarget: no dependency, works in jsdom.
 */
export interface AppEventMap {
  /** A 429: the server asks to slow down (spec §4, §8: "emitted only as an event"). */
  'too-many-requests': { message: string; retryAfterSeconds: number | undefined };
  /** A 401 on a call that carried `token`: that session is over (ignore it if the token changed since). */
  unauthorized: { path: string; token: string };
}

const target = new EventTarget();

export function emitAppEvent<K extends keyof AppEventMap>(type: K, detail: AppEventMap[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail }));
}

/** Listens to one app event; returns the unsubscribe function (handy in effects). */
export function onAppEvent<K extends keyof AppEventMap>(type: K, listener: (detail: AppEventMap[K]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AppEventMap[K]>).detail);
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
}
