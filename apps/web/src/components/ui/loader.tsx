import { appMessages, LOADER_MAX_MS } from '@farmacia/contract';
import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/external-store';

/** An inline busy indicator with the spec's text 'Attendere...' (spec §9). */
export function Loader({ label = appMessages.loading }: { label?: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

const activeLoaders = createStore<number>(0);

/**
 * Shows the blocking loader 'Attendere...' until the returned function is called, and never for
 * more than LOADER_MAX_MS (50 s, spec §9): a call that hangs must not lock the screen for ever.
 */
export function showLoader(): () => void {
  activeLoaders.set(activeLoaders.get() + 1);
  let done = false;
  const hide = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    activeLoaders.set(Math.max(0, activeLoaders.get() - 1));
  };
  const timer = setTimeout(hide, LOADER_MAX_MS);
  return hide;
}

/** Keeps the blocking loader on while `active` is true (capped like {@link showLoader}). */
export function useBlockingLoader(active: boolean): void {
  useEffect(() => (active ? showLoader() : undefined), [active]);
}

/** The overlay of the blocking loader, mounted once by the shell. */
export function LoaderOverlay() {
  const count = useStore(activeLoaders);
  if (count === 0) return null;
  return (
    <div className="loader-overlay">
      <Loader />
    </div>
  );
}
