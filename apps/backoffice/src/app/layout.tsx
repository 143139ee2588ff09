import '../lib/validation-locale';
import { messages } from '@farmacia/contract';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { LiveUpdates } from '../components/live-updates';
import { api } from '../lib/api';
import { clearSession, currentStaff } from '../lib/session';

/** A side-nav entry: the route and its link text. */
type NavEntry = readonly [to: string, label: string];

const NAV: NavEntry[] = [
  ['/ordini', 'Richieste e ordini'],
  ['/agenda', 'Agenda'],
  ['/chiusure', 'Chiusure'],
  ['/servizi', 'Servizi'],
  ['/eventi', 'Eventi'],
  ['/orari', 'Orari di lavoro'],
];

/** Under the "Negozio" heading (catalogue and customers follow the shop's own screens). */
const SHOP_NAV: NavEntry[] = [
  ['/negozio/impostazioni', 'Impostazioni'],
  ['/negozio/contenuti', 'Contenuti'],
  ['/negozio/codici-sconto', 'Codici sconto'],
  ['/negozio/carte-fedelta', 'Carte fedeltà'],
  ['/negozio/richieste', 'Richieste di informazioni'],
  ['/negozio/avvisi', messages.staffAlerts.nav],
  ['/catalogo', 'Catalogo'],
  ['/clienti', 'Clienti'],
];

/** Shown to admins only. */
const ADMIN_NAV: NavEntry[] = [
  ['/farmacie', 'Farmacie'],
  ['/farmacisti', 'Farmacisti'],
  ['/registro', 'Registro attività'],
];

function NavLinks({ entries }: { entries: NavEntry[] }) {
  return entries.map(([to, label]) => (
    <Link key={to} to={to} activeProps={{ 'aria-current': 'page' }}>
      {label}
    </Link>
  ));
}

const ROLE_LABEL = { pharmacist: 'Farmacista', admin: 'Amministratore' } as const;

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
        Vai al contenuto
      </a>
      <header className="topbar">
        <strong>Farmacia — Gestione</strong>
        {staff ? (
          <span className="who">
            {staff.name} · {ROLE_LABEL[staff.role]}
          </span>
        ) : null}
        <LiveUpdates />
        <button type="button" className="secondary" onClick={logout}>
          Esci
        </button>
      </header>
      <nav className="sidenav" aria-label="Sezioni">
        <NavLinks entries={NAV} />
        <span className="navgroup" aria-hidden="true">
          Negozio
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
