import { type AnyRouter, useRouter } from '@tanstack/react-router';
import type { FocusEvent, MouseEvent, ReactNode } from 'react';
import { stringifySearch } from '../../lib/search-params';

/**
 * The app's links as plain anchors (issue 22, decisions 0663, 0671). A TanStack `Link` builds its
 * location with `router.buildLocation` (the path's interpolation, the routes' search middlewares,
 * the href), subscribes to the router's location and registers an effect on its first render; on
 * a slow phone the links of a start (the footer, the home's buttons, a search's results and
 * categories, the cart's lines) were that much React work before the page answered. A `PlainLink`
 * is given its href and shares one set of handlers per router, which do what `Link` did: a plain
 * primary click navigates inside the app (a modified or middle click, or another target, is left to
 * the browser: new tab, new window), and hovering or focusing a link preloads its route after the
 * router's delay, touching it at once (`defaultPreload: 'intent'`); leaving it first cancels.
 */
export interface LinkHandlers {
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onFocus: (event: FocusEvent<HTMLAnchorElement>) => void;
  onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => void;
  onBlur: (event: FocusEvent<HTMLAnchorElement>) => void;
  onMouseLeave: (event: MouseEvent<HTMLAnchorElement>) => void;
  onTouchStart: (event: { currentTarget: HTMLAnchorElement }) => void;
}

/** An app path with its search, written as the router writes it (lib/search-params). */
export const hrefOf = (path: string, search?: Record<string, string>): string => (search ? path + stringifySearch(search) : path);

/** Current as TanStack's fuzzy match without the search: the link's path or a path below it. */
export function isCurrentPath(pathname: string, to: string): boolean {
  const current = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return current.startsWith(to) && (current.length === to.length || current[to.length] === '/');
}

/** A click the browser would follow in this tab: the main button, no modifier, no other target, not prevented. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return !modified && event.button === 0 && !event.defaultPrevented && (!target || target === '_self');
}

const destination = (anchor: HTMLAnchorElement): string => anchor.getAttribute('href') ?? '/';

function makeHandlers(router: AnyRouter): LinkHandlers {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const intent = router.options.defaultPreload === 'intent';
  const delay = router.options.defaultPreloadDelay ?? 0;
  const preload = (href: string) => {
    // The router builds a preload's location from an href as it does a navigation's; only its types want `to`.
    router.preloadRoute({ href } as Parameters<AnyRouter['preloadRoute']>[0]).catch((error: unknown) => console.warn(error));
  };
  const cancel = (href: string) => {
    clearTimeout(timers.get(href));
    timers.delete(href);
  };
  const enqueue = (event: { currentTarget: HTMLAnchorElement }) => {
    if (!intent) return;
    const href = destination(event.currentTarget);
    if (!delay) return preload(href);
    if (timers.has(href)) return;
    timers.set(
      href,
      setTimeout(() => {
        timers.delete(href);
        preload(href);
      }, delay),
    );
  };
  const leave = (event: { currentTarget: HTMLAnchorElement }) => {
    if (intent) cancel(destination(event.currentTarget));
  };
  return {
    onClick(event) {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      const href = destination(event.currentTarget);
      cancel(href);
      router.navigate({ href });
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

const made = new WeakMap<AnyRouter, LinkHandlers>();

/** The handlers of every plain link of `router`, made once (their preload timers are the router's). */
export function linkHandlers(router: AnyRouter): LinkHandlers {
  let handlers = made.get(router);
  if (!handlers) {
    handlers = makeHandlers(router);
    made.set(router, handlers);
  }
  return handlers;
}

/**
 * A link to an app path (`hrefOf` writes one with a search). `current` marks the page it is on
 * (`aria-current`, as `Link` did on its active match); `onClick` runs first, and a click it
 * prevents is left to it (the list's product link, which paints before navigating).
 */
export function PlainLink({
  href,
  className,
  current,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  current?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  const handlers = linkHandlers(useRouter());
  const click = onClick
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        onClick(event);
        handlers.onClick(event);
      }
    : handlers.onClick;
  return (
    // Attributes in Link's order: the same markup as before, and as the server's copy of a screen's top writes it.
    <a {...handlers} onClick={click} className={className} href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
