/**
 * Starts the app: loaded by main.tsx once the HTML shell has painted. The router resolves the first
 * screen (its code and its data) before React renders anything, so the first render is the whole
 * screen at once; and it is a transition, so React renders it in slices, yielding to the browser
 * between them (no long task on a slow phone), while the HTML shell of index.html stays on screen
 * until it commits (decision 0351). RouterProvider sees the location already loaded and does not
 * load it again.
 *
 * The start itself comes in steps, each its own task with a yield to the browser between them
 * (decision 0373): React, then the router library, then the shell's shared modules, then the app's
 * modules, then the router, then React's root, then loading the first screen, then the render. Evaluated as one module graph they
 * were one task of ~170 ms on Lighthouse's 4× slower phone, all of it blocking time.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Offline, a screen's data waits for the network (TanStack Query pauses): the app renders at once
// then, with the offline notice, instead of waiting on the boot loader. Connectivity is imported by
// the start, not by this module: a static import made this module's chunk depend on the framework
// and React chunks, so all three were evaluated in the start's first task (issue 22).
const whenOffline = ({ connectivity, isOnline }: typeof import('../lib/connectivity')) =>
  new Promise<void>((resolve) => {
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
  // React, then React DOM, each in a task of its own: one chunk holds both, and running React DOM's
  // module (its event tables, its root) after the chunk's compile and evaluation made one task of
  // 10–17 ms of the main thread on this host (issue 22).
  const { StrictMode, createElement, startTransition } = await import('react');
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  // The shell's shared modules come in one chunk with connectivity (vite.config.ts's start chunk,
  // decision 0686): evaluated in a task of their own, not in the router library's.
  const offline = whenOffline(await import('../lib/connectivity'));
  await nextTask();
  // The router's history, made apart from the router itself (browser-history.ts).
  await import('./browser-history');
  await nextTask();
  // The app's modules: the shell (the root route, its frame and global behaviours, the API
  // client), then every feature's routes — one module graph of ~10–13 ms until they were two
  // steps — then the router built from them: creating it walks the whole route tree, so that is a
  // task of its own too (decision 0601).
  await import('./root-route');
  await nextTask();
  await import('./route-tree');
  await nextTask();
  const { router, addRoutes } = await import('./router');
  await nextTask();
  // The router's routes, a task after the router itself (decision 0652).
  addRoutes();
  await nextTask();
  // React's root, a task before its render: creating it listens to every event React handles on
  // the container (~80 types, two listeners each), half of a 7–8 ms task with the render's
  // scheduling at 1× (issue 22, decision 0678). The page's own markup stays until the first commit.
  const reactRoot = createRoot(root);
  await nextTask();
  const { App } = await import('./app');
  await Promise.race([router.load(), offline]).catch(() => undefined);
  await nextTask();
  // Written without JSX: the JSX runtime is React's, and a static import of it would make this
  // module's chunk evaluate React's in the start's first task again (see whenOffline).
  startTransition(() => {
    reactRoot.render(createElement(StrictMode, null, createElement(App)));
  });
}

void start();

// A module (main.tsx imports it dynamically), though it imports everything dynamically.
export {};
