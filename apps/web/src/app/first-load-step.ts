/**
 * The router's first load of a page, in two tasks (issue 22): matching the URL (the route tree's
 * walk, params and search validated, loader deps) and then the loads themselves (the gate, the
 * loaders starting their queries, the screen's code asked, the page's boot answers parsed) ran in
 * the microtasks of one task, 12–21 ms of the main thread on this host — blocking time on a slow
 * phone (×7). The app layout's `beforeLoad` (the parent of every screen, already asynchronous: the
 * privacy gate) runs after the whole match and before the screens' loaders: there the first load
 * waits for the next task, once. Later loads (navigations, preloads on intent) do not wait.
 */
let waited = false;

export function firstLoadStep(): Promise<void> | undefined {
  if (waited) return undefined;
  waited = true;
  return new Promise((resolve) => setTimeout(resolve, 0));
}
