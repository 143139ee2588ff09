import { connectivity, isOnline } from '../lib/connectivity';

/**
 * Starts the app: loaded by main.tsx once the HTML shell has painted. The router resolves the first
 * screen (its code and its data) before React renders anything, so the first render is the whole
 * screen at once; and it is a transition, so React renders it in slices, yielding to the browser
 * between them (no long task on a slow phone), while the HTML shell of index.html stays on screen
 * until it commits (decision 0351). RouterProvider sees the location already loaded and does not
 * load it again.
 *
 * The start itself comes in steps, each its own task with a yield to the browser between them
 * (decision 0373): React, then the router library, then the app's modules, then the router, then
 * loading the first screen, then the render. Evaluated as one module graph they were one task of
 * ~170 ms on Lighthouse's 4× slower phone, all of it blocking time.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const [{ StrictMode, startTransition }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  // The app's modules (every feature's routes, the shell, the API client), then the router built
  // from them: creating it walks the whole route tree, so the two are separate tasks (decision 0601).
  await import('./route-tree');
  await nextTask();
  const { router } = await import('./router');
  await nextTask();
  const { App } = await import('./app');
  await Promise.race([router.load(), offline]).catch(() => undefined);
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
