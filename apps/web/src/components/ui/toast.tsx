import { TOAST_DURATION_MS } from '@farmacia/contract';
import { createStore, useStore } from '../../lib/external-store';

export type ToastTone = 'success' | 'warning' | 'danger' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ToastOptions {
  /** Spec §9: 2000 ms by default; TOAST_QUICK_DURATION_MS (1000) or TOAST_LONG_DURATION_MS (3000). */
  duration?: number;
  tone?: ToastTone;
}

const toasts = createStore<readonly Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

/** Shows a short message at the bottom of the screen for `duration` ms (spec §9 durations). */
export function showToast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  // The same text already on screen (a double tap, two failing calls): show it once.
  const current = toasts.get().filter((t) => t.message !== message);
  toasts.set([...current, { id, message, tone: options.tone ?? 'info' }]);
  setTimeout(() => dismissToast(id), options.duration ?? TOAST_DURATION_MS);
  return id;
}

/** The one live region that announces toasts to screen readers and shows them on screen. */
export function ToastRegion() {
  const list = useStore(toasts);
  return (
    <div className="toast-region" aria-live="polite" aria-atomic="false">
      {list.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`} role="status">
          {toast.message}
        </div>
      ))}
    </div>
  );
}
