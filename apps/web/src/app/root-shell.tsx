import { appMessages } from '@farmacia/contract';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LoaderOverlay } from '../components/ui/loader';
import { ToastRegion } from '../components/ui/toast';
import { useOnline } from './connectivity';
import { useGlobalBehaviours } from './global-behaviours';
import { OfflineNotice } from './offline-notice';
import { TabBar } from './tab-bar';
import { UpdatePrompt } from './update-prompt';

/** Moves focus to the new screen's heading after a navigation, so screen readers announce it. */
function useFocusOnNavigation() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void pathname;
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);
}

/**
 * The shell around every screen: the screen, the bottom tabs, toasts, the blocking loader and the
 * update prompt. While offline only the offline notice shows (spec §2); the screen underneath is
 * kept as it was and comes back by itself.
 */
export function RootShell() {
  useGlobalBehaviours();
  useFocusOnNavigation();
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
        <TabBar />
      </div>
      <ToastRegion />
      <LoaderOverlay />
      <UpdatePrompt />
    </>
  );
}
