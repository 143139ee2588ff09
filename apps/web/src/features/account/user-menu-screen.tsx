import { fillMessage, accountMenuMessages, appMessages, tabsMessages, withdrawalMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { logout } from '../../app/auth-session';
import { useVersionString } from '../../app/version';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
import { loyaltyCardsQueryOptions } from '../../lib/loyalty-api';
import { visibleMenuEntries } from './menu-entries';
import { profileQueryOptions } from '../../lib/profile-api';
import { openWithdrawalsQueryOptions } from '../../lib/withdrawal-api';

/** /app/user (spec §2): the account menu, 'Esci', and the version string '1.1.1-<api version>'. */
export function UserMenuScreen() {
  const router = useRouter();
  const navigate = useNavigate();
  const version = useVersionString();
  const { data: profile } = useQuery(profileQueryOptions);
  const [leaving, setLeaving] = useState(false);
  // Spec §2: 'Carta Fedeltà' only for a user who has a card (a failed check hides it).
  const { data: cards } = useQuery(loyaltyCardsQueryOptions);
  // The withdrawal function stays reachable from the account while an order is within its period (art. 11a).
  const { data: openWithdrawals } = useQuery(openWithdrawalsQueryOptions);
  const entries = visibleMenuEntries((path) => path in router.routesByPath, { hasLoyaltyCard: (cards?.length ?? 0) > 0 });

  const onLogout = async () => {
    setLeaving(true);
    // Leave the private screen first, so ending the session does not bounce to the login page.
    await navigate({ to: '/app/home', replace: true });
    await logout();
  };

  return (
    <div className="page account">
      <h1>{tabsMessages.account}</h1>
      {profile ? (
        <p className="account__who">
          <span className="account__name">{profile.name}</span>
          <span className="account__email">{profile.email}</span>
        </p>
      ) : null}
      {openWithdrawals && openWithdrawals.length > 0 ? (
        <p className="notice notice--info">
          {withdrawalMessages.accountBanner}{' '}
          <Link to="/app/orders">{withdrawalMessages.accountLink}</Link>
        </p>
      ) : null}
      <nav aria-label={tabsMessages.account}>
        <ul className="menu">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to as '/'} className="menu__item">
                <span>{entry.label}</span>
                <Icon name="chevron" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button variant="secondary" block busy={leaving} onClick={() => void onLogout()}>
        {accountMenuMessages.logout}
      </Button>
      <p className="account__version">{fillMessage(appMessages.version, { version })}</p>
    </div>
  );
}
