import type { AnyRouter } from '@tanstack/react-router';
import type { FocusEvent, MouseEvent } from 'react';

/**
 * The tab bar's links as plain anchors (issue 22, decision 0663). Each TanStack `Link` built its
 * location, subscribed to the router's location and registered an effect on the first render; the
 * tabs' destinations are fixed paths, so the bar reads the pathname once and its anchors share these
 * handlers, which do what `Link` did for them: a plain primary click navigates inside the app (a
 * modified or middle click, or another target, is left to the browser: new tab, new window), and
 * hovering or focusing a tab preloads its route after the router's delay, touching it at once
 * (`defaultPreload: 'intent'`); leaving it first cancels the preload.
 */
export interface TabLinkHandlers {
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onFocus: (event: FocusEvent<HTMLAnchorElement>) => void;
  onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => void;
  onBlur: (event: FocusEvent<HTMLAnchorElement>) => void;
  onMouseLeave: (event: MouseEvent<HTMLAnchorElement>) => void;
  onTouchStart: (event: { currentTarget: HTMLAnchorElement }) => void;
}

/** Active as TanStack's fuzzy match without the search: the tab's path or a path below it. */
export function isTabActive(pathname: string, to: string): boolean {
  const current = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return current.startsWith(to) && (current.length === to.length || current[to.length] === '/');
}

const destination = (anchor: HTMLAnchorElement): string => anchor.getAttribute('href') ?? '/';

export function tabLinkHandlers(router: AnyRouter): TabLinkHandlers {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const intent = router.options.defaultPreload === 'intent';
  const delay = router.options.defaultPreloadDelay ?? 0;
  const preload = (to: string) => {
    router.preloadRoute({ to }).catch((error: unknown) => console.warn(error));
  };
  const cancel = (to: string) => {
    clearTimeout(timers.get(to));
    timers.delete(to);
  };
  const enqueue = (event: { currentTarget: HTMLAnchorElement }) => {
    if (!intent) return;
    const to = destination(event.currentTarget);
    if (!delay) return preload(to);
    if (timers.has(to)) return;
    timers.set(
      to,
      setTimeout(() => {
        timers.delete(to);
        preload(to);
      }, delay),
    );
  };
  const leave = (event: { currentTarget: HTMLAnchorElement }) => {
    if (intent) cancel(destination(event.currentTarget));
  };
  return {
    onClick(event) {
      const target = event.currentTarget.getAttribute('target');
      const plain = !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) && event.button === 0;
      if (!plain || event.defaultPrevented || (target && target !== '_self')) return;
      event.preventDefault();
      const to = destination(event.currentTarget);
      cancel(to);
      router.navigate({ to });
    },
    onFocus: enqueue,
    onMouseEnter: enqueue,
    onBlur: leave,
    onMouseLeave: leave,
    onTouchStart(event) {
      if (intent) preload(destination(event.currentTarget));
    },
  };
}
