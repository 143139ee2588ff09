import { createBrowserHistory } from '@tanstack/react-router';

/**
 * The router's history, the one `createRouter` would make itself (issue 22): made here, in a step
 * of the start of its own (start.tsx), because creating the router was one task of 13–17 ms of
 * the main thread on this host — this history, the route tree's walk and the router's stores —
 * and on a slow phone every task over ~7 ms of that is blocking time.
 */
export const browserHistory = createBrowserHistory();
