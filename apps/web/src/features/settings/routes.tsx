import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';

/** /app/settings: notification settings (spec §2, login-protected; the menu's 'Notifiche'). */
export const settingsRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/settings',
  component: lazyRouteComponent(() => import('./settings-screen'), 'SettingsScreen'),
});

export const settingsRoutes = [settingsRoute] as const;
