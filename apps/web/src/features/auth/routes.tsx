import { oneOfParam, returnPathParam, textParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { isLoggedIn } from '../../lib/session';

const LOGIN_SEGMENTS = ['login', 'signup'] as const;
export type LoginSegment = (typeof LOGIN_SEGMENTS)[number];

export interface LoginSearch {
  /** Spec §2: which tab, Accedi or Registrati. */
  segment?: LoginSegment;
  /** Where to go after logging in (an app path). */
  redirect?: string;
  /** A friend's referral code, prefilled in the signup form (share link of 'Invita un amico'). */
  ref?: string;
}

export const loginRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/auth/login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    segment: oneOfParam(LOGIN_SEGMENTS, search.segment),
    redirect: returnPathParam(search.redirect),
    ref: textParam(search.ref),
  }),
  // Already logged in: the login page has nothing to offer, go where the user was headed.
  beforeLoad: ({ search }) => {
    if (isLoggedIn()) throw redirect({ href: search.redirect ?? '/app/home', replace: true });
  },
  component: lazyRouteComponent(() => import('./login-screen'), 'LoginScreen'),
});

export interface ResetSearch {
  email?: string;
}

export const resetPasswordRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/auth/reset/$token',
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({ email: textParam(search.email) }),
  component: lazyRouteComponent(() => import('./reset-password-screen'), 'ResetPasswordScreen'),
});

export const authRoutes = [loginRoute, resetPasswordRoute] as const;
