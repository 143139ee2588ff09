import '../styles/app.css';

/**
 * The entry: the HTML shell of index.html paints first, then the app's code (framework, router,
 * first screen) is evaluated in the tasks after it (decision 0350). The code itself is already on
 * its way: index.html preloads it (vite.config.ts). The timeout starts the app even where no frame
 * comes (a page opened in a background tab).
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./start');
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
