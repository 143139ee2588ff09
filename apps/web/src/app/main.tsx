import '../styles/app.css';

/**
 * The entry: the HTML shell of index.html paints first, then the app's code (framework, router,
 * first screen) is evaluated in the tasks after it (decision 0350). The code itself is already on
 * its way: index.html preloads it (vite.config.ts). When the server put the top of the screen into
 * the page (decisions 0355, 0371), that top is the page's largest paint: the app's code is then
 * fetched only once it (and its image) has painted, from the preloads the server left in the
 * `#app-code` template. The timeouts start the app even where no frame comes (a page opened in a
 * background tab) or the image is slow.
 */
const PRELOADS_PER_TASK = 4;
const deferredCode = document.getElementById('app-code') as HTMLTemplateElement | null;
let started = false;
// The network dropped while the app's code was still on its way: the page starts again once it is back.
const importApp = () => import('./start').catch(() => window.addEventListener('online', () => window.location.reload(), { once: true }));
const start = () => {
  if (started) return;
  started = true;
  if (!deferredCode) {
    void importApp();
    return;
  }
  // Adding a preload starts its request there and then (~0.5–1 ms of the main thread each on this
  // host): the ~20 of them were one task of 8–15 ms, blocking on a slow phone (issue 22). So they
  // are added a few per task, in the template's order (the start's chunks first), then the import.
  const links = [...deferredCode.content.children];
  const addSome = () => {
    document.head.append(...links.splice(0, PRELOADS_PER_TASK));
    setTimeout(links.length > 0 ? addSome : () => void importApp(), 0);
  };
  addSome();
};
const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
if (deferredCode) {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (image) image.decode().then(afterNextFrame, afterNextFrame);
  else afterNextFrame();
  setTimeout(start, 3000);
} else {
  afterNextFrame();
  setTimeout(start, 250);
}
