import { homeMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { PlainLink } from '../../components/ui/plain-link';
import { reservationsQueryOptions } from '../../lib/reservations-api';
import { countOf, ordersQueryOptions } from './home-api';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * A hint, not a screen: a missing endpoint (404) or a failure hides the number, never an error.
 * The queries are the reservations and orders screens' own (same keys, same cached shape).
 */
const QUIET = { retry: false, select: countOf } as const;

function ActivityCount({ label, count, to }: { label: string; count: number; to: string }) {
  const router = useRouter();
  const content = (
    <>
      <span className="activity__count">{count}</span>
      <span className="activity__label">{label}</span>
    </>
  );
  return (
    <li>
      {to in router.routesByPath ? (
        <PlainLink href={to} className="activity">
          {content}
        </PlainLink>
      ) : (
        <span className="activity">{content}</span>
      )}
    </li>
  );
}

/** Spec §1/§2: the logged-in customer's counts of reservations and orders. */
export function HomeActivity() {
  const reservations = useQuery({ ...reservationsQueryOptions, ...QUIET });
  const orders = useQuery({ ...ordersQueryOptions, ...QUIET });
  const reservationCount = reservations.data ?? null;
  const orderCount = orders.data ?? null;
  if (reservationCount === null && orderCount === null) return null;
  return (
    <TitledCard id="activity-title" title={homeMessages.yourActivity}>
      <ul className="activity-list">
        {reservationCount !== null ? <ActivityCount label={homeMessages.reservations} count={reservationCount} to="/app/reservations" /> : null}
        {orderCount !== null ? <ActivityCount label={homeMessages.orders} count={orderCount} to="/app/orders" /> : null}
      </ul>
    </TitledCard>
  );
}
