import { createRoute, redirect } from '@tanstack/react-router';
import { needsPrivacyCheck, profileQueryOptions } from '../lib/profile-api';
import { firstLoadStep } from './first-load-step';
import { rootRoute } from './root-route';
import { isLoggedIn } from '../lib/session';

/** While the privacy check flag is on, only these are reachable (spec §2). */
// The seller's legal information and the accessibility statement too: the footer links them from every screen.
export const PRIVACY_GATE_PATHS: ReadonlySet<string> = new Set([
  '/app/privacycheck',
  '/app/privacy',
  '/app/tos',
  '/app/legal',
  '/app/accessibility',
]);

/**
 * The parent of every screen of the app (public or private). It applies the privacy gate: a
 * logged-in user whose profile has checkprivacy on is sent to /app/privacycheck from anywhere
 * but the privacy pages. If the profile cannot be read (offline, server down) nothing is blocked:
 * the server still enforces what it must.
 */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    await firstLoadStep();
    if (!isLoggedIn() || PRIVACY_GATE_PATHS.has(location.pathname)) return;
    // A cached profile answers at once; a stale one is refreshed in the background, so a shop
    // that changes its terms reaches users who are already in the app.
    const profile = await context.queryClient
      .ensureQueryData({ ...profileQueryOptions, revalidateIfStale: true })
      .catch(() => null);
    if (needsPrivacyCheck(profile)) throw redirect({ to: '/app/privacycheck', replace: true });
  },
});

/**
 * The parent of the login-protected screens (spec §2): a visitor is sent to
 * /auth/login?redirect=<the path asked for> and comes back after logging in.
 */
export const privateLayoutRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  id: '_private',
  beforeLoad: ({ location }) => {
    if (!isLoggedIn()) throw redirect({ to: '/auth/login', search: { redirect: location.href }, replace: true });
  },
});
