import { appMessages } from '@farmacia/contract';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { focusScreenHeading } from '../components/ui/focus-heading';
import { LoaderOverlay } from '../components/ui/loader';
import { ToastRegion } from '../components/ui/toast';
import { useOnline } from '../lib/connectivity';
import { useGlobalBehaviours } from './global-behaviours';
import { LegalFooter } from './legal-footer';
import { OfflineNotice } from './offline-notice';
import { TabBar } from './tab-bar';
import { UpdatePrompt } from './update-prompt';

/** How long a screen may take to show its heading (its data loading) before focus gives up on it. */
const HEADING_WAIT_MS = 5_000;

/**
 * Moves focus to the new screen's heading after a navigation, so screen readers announce it and
 * the next Tab starts from the top of the screen (WCAG 2.4.3). It waits for the navigation to
 * resolve and, on screens that load their data first, for the heading to appear; if the user has
 * moved focus in the meantime, focus stays where they put it.
 */
function useFocusOnNavigation() {
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (pathname === undefined) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusedBefore = document.activeElement;
    const focusHeading = (): boolean => {
      const active = document.activeElement;
      if (active && active !== focusedBefore && active !== document.body) return true;
      return focusScreenHeading();
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/**
 * When the element that has focus is removed (the last product's remove button, the cleared cart's
 * button behind its dialog, a cancelled booking), the browser drops focus to the page's start;
 * focus goes to the screen's heading instead, so keyboard and screen-reader users keep their place.
 */
function useFocusRescue() {
  useEffect(() => {
    let lastFocused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      lastFocused = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (!lastFocused || lastFocused.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      lastFocused = null;
      focusScreenHeading();
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}

/**
 * The shell around every screen: the screen, the bottom tabs, toasts, the blocking loader and the
 * update prompt. While offline only the offline notice shows (spec §2); the screen underneath is
 * kept as it was and comes back by itself.
 */
export function RootShell() {
  useGlobalBehaviours();
  useFocusOnNavigation();
  useFocusRescue();
  const online = useOnline();
  return (
    <>
      <a className="skip-link" href="#main">
        {appMessages.skipToContent}
      </a>
      {online ? null : <OfflineNotice standalone />}
      <div className="shell" hidden={!online}>
        <main id={online ? 'main' : undefined} className="shell__main">
          <Outlet />
        </main>
        <LegalFooter />
        <TabBar />
      </div>
      <ToastRegion />
      <LoaderOverlay />
      <UpdatePrompt />
    </>
  );
}
