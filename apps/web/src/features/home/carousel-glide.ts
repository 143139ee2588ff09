/**
 * The home carousel's autoplay before Embla has started (decision 0642): the track moves by CSS,
 * by whole slides, with the curve Embla's own move draws, and loops forward as Embla does — the
 * slide that comes next after the last one is placed after it, a whole lap further on. Embla's
 * start is a 9–19 ms task of a cold page on this host (its code's first run), ×7 on a slow phone,
 * and autoplay alone never needs it: only a person's drag, press or key does.
 *
 * Positions count slides from the track's start: the carousel shows slide `position mod count`;
 * autoplay adds one each step and never goes back, so the track's transform only grows.
 */

/** Embla's attraction factor (home-carousel.tsx's duration option) and its fixed friction (embla-carousel's ScrollBody). */
const EMBLA_DURATION = 20;
const EMBLA_FRICTION = 0.68;
/** Embla integrates its move at 60 steps a second, whatever the display's rate. */
const EMBLA_STEP_MS = 1000 / 60;
/** Close enough to the end to stop: 0.05 % of a slide, a fifth of a pixel on a 400 px carousel. */
const SETTLED = 0.0005;

let transition: string | undefined;

/**
 * The CSS transition of one step: Embla's physics (each step the velocity gains the distance left
 * ÷ duration, then keeps friction of itself) sampled at its 60 steps a second, as a `linear()`
 * easing. Embla shows its first step in the frame the move starts in, so the curve starts there.
 */
export function glideTransition(): string {
  if (transition === undefined) {
    const points: string[] = [];
    let location = 0;
    let velocity = 0;
    while (1 - location >= SETTLED) {
      velocity = (velocity + (1 - location) / EMBLA_DURATION) * EMBLA_FRICTION;
      location += velocity;
      points.push(String(Math.round(location * 1000) / 1000));
    }
    points.push('1');
    transition = `transform ${Math.round((points.length - 1) * EMBLA_STEP_MS)}ms linear(${points.join(', ')})`;
  }
  return transition;
}

/** The track's transform at a position, in slides (the server's copy writes the opening one the same way). */
export const trackTransform = (position: number) => `translate3d(-${position * 100}%, 0px, 0px)`;

/**
 * How many slides' widths slide `slide` is moved on at `position`, so that the slide shown and the
 * one before it (still in view while the track moves) sit where the track shows them: the last
 * place at or before `position` that shows this slide, never before its own.
 */
export function slideShift(slide: number, position: number, count: number): number {
  return Math.max(0, Math.floor((position - slide) / count) * count);
}
