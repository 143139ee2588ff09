import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { api } from './api';
import { clearSession, currentStaff } from './session';

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
        <button type="button" className="secondary" onClick={logout}>
          Esci
        </button>
      </header>
      <nav className="sidenav" aria-label="Sezioni">
        <Link to="/ordini" activeProps={{ 'aria-current': 'page' }}>
          Richieste e ordini
        </Link>
        <Link to="/agenda" activeProps={{ 'aria-current': 'page' }}>
          Agenda
        </Link>
        <Link to="/chiusure" activeProps={{ 'aria-current': 'page' }}>
          Chiusure
        </Link>
        <Link to="/servizi" activeProps={{ 'aria-current': 'page' }}>
          Servizi
        </Link>
        <Link to="/eventi" activeProps={{ 'aria-current': 'page' }}>
          Eventi
        </Link>
        <Link to="/orari" activeProps={{ 'aria-current': 'page' }}>
          Orari di lavoro
        </Link>
        <span className="navgroup" aria-hidden="true">
          Negozio
        </span>
        <Link to="/negozio/impostazioni" activeProps={{ 'aria-current': 'page' }}>
          Impostazioni
        </Link>
        <Link to="/negozio/contenuti" activeProps={{ 'aria-current': 'page' }}>
          Contenuti
        </Link>
        <Link to="/negozio/codici-sconto" activeProps={{ 'aria-current': 'page' }}>
          Codici sconto
        </Link>
        <Link to="/negozio/carte-fedelta" activeProps={{ 'aria-current': 'page' }}>
          Carte fedeltà
        </Link>
        <Link to="/negozio/richieste" activeProps={{ 'aria-current': 'page' }}>
          Richieste di informazioni
        </Link>
        <Link to="/catalogo" activeProps={{ 'aria-current': 'page' }}>
          Catalogo
        </Link>
        <Link to="/clienti" activeProps={{ 'aria-current': 'page' }}>
          Clienti
        </Link>
        {staff?.role === 'admin' ? (
          <>
            <Link to="/farmacie" activeProps={{ 'aria-current': 'page' }}>
              Farmacie
            </Link>
            <Link to="/farmacisti" activeProps={{ 'aria-current': 'page' }}>
              Farmacisti
            </Link>
            <Link to="/registro" activeProps={{ 'aria-current': 'page' }}>
              Registro attività
            </Link>
          </>
        ) : null}
      </nav>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
