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
const deferredCode = document.getElementById('app-code') as HTMLTemplateElement | null;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  if (!deferredCode) {
    void import('./start');
    return;
  }
  // Adding a preload costs about a millisecond on a slow phone: a few per task, then the import.
  const links = [...deferredCode.content.children];
  const addSome = () => {
    document.head.append(...links.splice(0, 6));
    setTimeout(links.length > 0 ? addSome : () => void import('./start'), 0);
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
