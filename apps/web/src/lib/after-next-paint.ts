/**
 * Runs `run` in a task of its own once the browser has painted the next frame (a frame's callback,
 * then a task after it). A tap whose work is heavy (a navigation that renders a whole screen) first
 * shows that it was taken, and the heavy work no longer delays that paint (INP, issue 22).
 * `fallbackMs` runs it anyway where no frame comes (a tab hidden right after the tap).
 */
export function afterNextPaint(run: () => void, fallbackMs = 250): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    window.clearTimeout(fallback);
    run();
  };
  const fallback = window.setTimeout(once, fallbackMs);
  requestAnimationFrame(() => setTimeout(once, 0));
}
