import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { connectivity, isOnline } from './connectivity';
import { router } from './router';

/**
 * Starts the app: loaded by main.tsx once the HTML shell has painted. The router resolves the first
 * screen (its code and its data) before React renders anything, so the first render is the whole
 * screen at once; and it is a transition, so React renders it in slices, yielding to the browser
 * between them (no long task on a slow phone), while the HTML shell of index.html stays on screen
 * until it commits (decision 0351). RouterProvider sees the location already loaded and does not
 * load it again.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
// Offline, a screen's data waits for the network (TanStack Query pauses): the app renders at once
// then, with the offline notice, instead of waiting on the boot loader.
const offline = new Promise<void>((resolve) => {
  if (!isOnline()) resolve();
  const stop = connectivity.subscribe(() => {
    if (isOnline()) return;
    stop();
    resolve();
  });
});
Promise.race([router.load(), offline]).then(render, render);
