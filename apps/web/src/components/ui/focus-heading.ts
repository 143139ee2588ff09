/**
 * Puts focus on the current screen's heading (made focusable by script only, so it is not a Tab
 * stop). Used when focus would otherwise be lost: after a navigation, or when the control that had
 * it disappears (WCAG 2.4.3).
 */
export function focusScreenHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}
