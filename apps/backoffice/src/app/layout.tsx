import '../lib/validation-locale';
import { messages, consoleMessages, appMessages } from '@farmacia/contract';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { LiveUpdates } from '../components/live-updates';
import { api } from '../lib/api';
import { clearSession, currentStaff } from '../lib/session';

/** A side-nav entry: the route and its link text. */
type NavEntry = readonly [to: string, label: string];

const NAV: NavEntry[] = [
  ['/ordini', consoleMessages.layout.nav.queue],
  ['/agenda', consoleMessages.layout.nav.agenda],
  ['/chiusure', consoleMessages.layout.nav.closures],
  ['/servizi', consoleMessages.layout.nav.services],
  ['/eventi', consoleMessages.layout.nav.events],
  ['/orari', consoleMessages.layout.nav.hours],
];

/** Under the "Negozio" heading (catalogue and customers follow the shop's own screens). */
const SHOP_NAV: NavEntry[] = [
  ['/negozio/impostazioni', consoleMessages.layout.nav.options],
  ['/negozio/contenuti', consoleMessages.layout.nav.content],
  ['/negozio/codici-sconto', consoleMessages.layout.nav.vouchers],
  ['/negozio/carte-fedelta', consoleMessages.layout.nav.loyalty],
  ['/negozio/richieste', consoleMessages.layout.nav.inbox],
  ['/negozio/avvisi', messages.staffAlerts.nav],
  ['/catalogo', consoleMessages.layout.nav.catalogue],
  ['/clienti', consoleMessages.layout.nav.customers],
];

/** Shown to admins only. */
const ADMIN_NAV: NavEntry[] = [
  ['/farmacie', consoleMessages.layout.nav.shops],
  ['/farmacisti', consoleMessages.layout.nav.pharmacists],
  ['/registro', consoleMessages.layout.nav.audit],
];

function NavLinks({ entries }: { entries: NavEntry[] }) {
  return entries.map(([to, label]) => (
    <Link key={to} to={to} activeProps={{ 'aria-current': 'page' }}>
      {label}
    </Link>
  ));
}

const ROLE_LABEL = { pharmacist: consoleMessages.layout.pharmacist, admin: consoleMessages.layout.admin } as const;

/** The back-office frame: navigation on the left, the current screen on the right. */
export function Layout() {
  const staff = currentStaff();
  const navigate = useNavigate();
  const logout = async () => {
    // The session is revoked on the server; whatever the answer, this tab forgets the token.
    await api('POST', '/auth/logout', null).catch(() => undefined);
    clearSession();
    await navigate({ to: '/login' });
  };
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {appMessages.skipToContent}
      </a>
      <header className="topbar">
        <strong>{consoleMessages.layout.title}</strong>
        {staff ? (
          <span className="who">
            {staff.name} · {ROLE_LABEL[staff.role]}
          </span>
        ) : null}
        <LiveUpdates />
        <button type="button" className="secondary" onClick={logout}>
          {consoleMessages.layout.logout}
        </button>
      </header>
      <nav className="sidenav" aria-label={consoleMessages.layout.sections}>
        <NavLinks entries={NAV} />
        <span className="navgroup" aria-hidden="true">
          {consoleMessages.layout.shopSection}
        </span>
        <NavLinks entries={SHOP_NAV} />
        {staff?.role === 'admin' ? <NavLinks entries={ADMIN_NAV} /> : null}
      </nav>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
