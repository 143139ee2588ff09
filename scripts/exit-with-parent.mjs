// Ends this process when the one that started it is gone (decision 0635). Playwright starts the
// journeys' server (scripts/e2e-server.mjs) in a process group of its own, so a runner killed
// before it could stop it (SIGKILL, a CI timeout, a crash) left that server and its child
// listening on their port, orphaned. Loaded by e2e-server.mjs and, with `--import`, by the server
// it starts: each notices that its parent went away (its parent id changes, to init or a
// subreaper) and stops itself with SIGTERM, its ordinary graceful stop.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 500);
// Never what keeps the process alive.
watch.unref();
