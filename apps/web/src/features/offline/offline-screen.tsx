import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { apiFetch } from '../../lib/api-client';
import { useOnline } from '../../lib/connectivity';
import { OfflineNotice } from '../../app/offline-notice';

// The route by its id, not by importing routes.tsx: that file imports this screen (lazily), so an
// import back would be a cycle.
const routeApi = getRouteApi('/_app/app/offline');

/**
 * /app/offline (spec §2): the offline notice as a page of its own. It checks the server at once
 * (and whenever the app comes back online) and returns to `?redirect=` or Home when it answers.
 */
export function OfflineScreen() {
  const { redirect } = routeApi.useSearch();
  const navigate = useNavigate();
  const online = useOnline();

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    apiFetch('/', { token: null })
      .then((response) => {
        if (!cancelled && response.status < 500) void navigate({ href: redirect ?? '/app/home', replace: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [online, redirect, navigate]);

  return <OfflineNotice />;
}
