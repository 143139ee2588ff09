import { TOAST_LONG_DURATION_MS } from '@farmacia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { showToast } from '../components/ui/toast';
import { onAppEvent } from '../lib/app-events';
import { onShopChangedElsewhere } from '../lib/current-shop';
import { startCustomerLive } from '../lib/live';
import { endSession } from './auth-session';
import { getToken, sessionToken } from '../lib/session';
import { startSessionKeeper } from './session-keeper';
import { startVersionPoll } from './version-poll';

/**
 * Starts `start` in a task of its own once the effects of the commit that mounted the shell have
 * run, and gives the cleanup that cancels or stops it: on the first load those effects are one
 * task on a slow phone (the screen's queries subscribing, its own effects), and these starts (the
 * first version request, the live stream, the session's timer) need not add to it (decision 0601).
 */
export function startSoon(start: () => () => void): () => void {
  let stop: (() => void) | undefined;
  const timer = setTimeout(() => {
    stop = start();
  }, 0);
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}

/**
 * The app-wide behaviours of spec §4, started once by the shell: session check and refresh,
 * version polling (reload on change, offline on network error), the 401 → login redirect on
 * private routes, and the 429 toast.
 */
export function useGlobalBehaviours(): void {
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => startSoon(() => startSessionKeeper()), []);
  // The pharmacist's moves on the user's orders and reservations, as they happen (decision 0525).
  useEffect(() => startSoon(() => startCustomerLive(queryClient)), [queryClient]);
  useEffect(
    () =>
      startSoon(() =>
        startVersionPoll({
          // The pharmacist edited options or content: every open screen shows the new ones.
          onDataChange: () => {
            for (const queryKey of [['optionsClean'], ['option'], ['content'], ['shopLegal']]) void queryClient.invalidateQueries({ queryKey });
          },
        }),
      ),
    [queryClient],
  );

  // Another tab switched or picked a shop: this one shows it too, never a mix of two shops (decision 0544).
  useEffect(() => onShopChangedElsewhere(() => void queryClient.invalidateQueries()), [queryClient]);

  useEffect(
    () =>
      onAppEvent('unauthorized', ({ token }) => {
        // A 401 for a token that is no longer ours (rotated, logged out) says nothing about now.
        if (token === getToken()) endSession();
      }),
    [],
  );

  // Whenever the session ends (401, logout, another tab), the current route's guards run again:
  // on a private route the user goes to /auth/login?redirect=<where they were> (spec §2).
  useEffect(() => {
    let hadToken = getToken() !== null;
    return sessionToken.subscribe(() => {
      const hasToken = getToken() !== null;
      if (hadToken && !hasToken) void router.invalidate();
      hadToken = hasToken;
    });
  }, [router]);

  useEffect(
    () =>
      onAppEvent('too-many-requests', ({ message }) => {
        showToast(message, { tone: 'warning', duration: TOAST_LONG_DURATION_MS });
      }),
    [],
  );
}
