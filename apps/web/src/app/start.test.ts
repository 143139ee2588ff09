import { afterEach, expect, it, vi } from 'vitest';

/** What the start did, in order, each step with the number of the task it ran in. */
const steps: string[] = [];
let task = 0;
const step = (name: string) => steps.push(`${task}:${name}`);

vi.mock('react-dom/client', () => ({
  createRoot: () => {
    step('createRoot');
    return { render: () => step('render') };
  },
}));
vi.mock('@tanstack/react-router', () => {
  step('router library');
  return {};
});
vi.mock('../lib/connectivity', () => {
  step('connectivity');
  return { connectivity: { subscribe: () => () => undefined }, isOnline: () => true };
});
vi.mock('./browser-history', () => ({}));
vi.mock('./root-route', () => ({}));
vi.mock('./route-tree', () => ({}));
vi.mock('./app', () => ({ App: () => null }));
vi.mock('./router', () => ({
  addRoutes: () => step('addRoutes'),
  router: { load: async () => step('load') },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

// Decision 0678: creating React's root (its listeners for every event type on the container) was
// half of the render's task, a long task on a slow phone; it runs in a task of its own, before the
// first screen's load, and the render later uses that root.
it("creates React's root in a task of its own, before the first load, and renders into it", async () => {
  // The tasks the start waits for, run one at a time: each timer's callback is the next task.
  const timers: (() => void)[] = [];
  vi.stubGlobal('setTimeout', (callback: () => void) => timers.push(callback));
  document.body.innerHTML = '<div id="root"></div>';
  await import('./start');
  for (let i = 0; i < 50 && !steps.some((s) => s.endsWith(':render')); i++) {
    await vi.dynamicImportSettled();
    const next = timers.shift();
    if (!next) continue;
    task++;
    next();
  }
  const taskOf = (name: string) => Number(steps.find((s) => s.endsWith(`:${name}`))?.split(':')[0]);
  expect(steps.map((s) => s.split(':')[1])).toEqual(['router library', 'connectivity', 'addRoutes', 'createRoot', 'load', 'render']);
  // Connectivity's chunk is the shell's shared modules (decision 0686): evaluated in a task of its
  // own, not with the router library's.
  expect(taskOf('connectivity')).toBeGreaterThan(taskOf('router library'));
  expect(taskOf('createRoot')).toBeGreaterThan(taskOf('addRoutes'));
  expect(taskOf('load')).toBeGreaterThan(taskOf('createRoot'));
  expect(taskOf('render')).toBeGreaterThan(taskOf('load'));
});
