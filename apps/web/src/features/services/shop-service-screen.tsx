import { fillMessage, infoRequestNeedsHealthConsent, accessMessages, requestMessages, reservationsMessages, SHOP_SERVICE_NOTE_MAX, type ShopService } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useLoggedIn } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { HtmlContent } from '../../components/ui/html-content';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { profileQueryOptions } from '../../lib/profile-api';
import { useHealthConsentGate } from '../../components/health-consent/use-health-consent-gate';
import { TextareaField } from '../../components/ui/textarea-field';
import '../../components/service-facts.css';
import { formatPhone } from '../../lib/format-phone';
import { shopServiceQueryOptions, useShopServiceRequest } from './services-api';
import { ServiceQueryState } from './service-query-state';
import '../../components/ui/link-cards.css';
import { Fact } from '../../components/ui/fact';

function ShopServicePrice({ price }: { price: number | null }) {
  if (price === null) return reservationsMessages.priceOnRequest;
  return price === 0 ? reservationsMessages.free : <Price euro={price} />;
}

/** A shop service's facts: only its price (on request, free or the amount). */
export function ShopServiceFacts({ price }: { price: number | null }) {
  return (
    <dl className="service-facts">
      <Fact term={reservationsMessages.price}>
        <ShopServicePrice price={price} />
      </Fact>
    </dl>
  );
}

/**
 * Asking about a shop service (spec §2): a logged-in customer is told they will be contacted on
 * their profile's phone and email, may add 'Note aggiuntive' and sends 'Richiedi informazioni'
 * (disabled without a profile, spec §5); a visitor gets 'Accedi per richiedere informazioni'.
 */
function InfoRequest({ shopService }: { shopService: ShopService }) {
  const loggedIn = useLoggedIn();
  const here = useRouterState({ select: (state) => state.location.href });
  const profile = useQuery({ ...profileQueryOptions, enabled: loggedIn });
  const request = useShopServiceRequest();
  const [note, setNote] = useState('');
  const consent = useHealthConsentGate();

  if (!loggedIn) {
    return (
      <Link to="/auth/login" search={{ redirect: here } as never} className="button button--primary button--block">
        {accessMessages.loginToRequestInfo}
      </Link>
    );
  }
  const post = () =>
    request.mutate(
      { shop_service_id: shopService.id, shop_service_name: shopService.name, note: note.trim() || undefined },
      {
        onSuccess: () => {
          showToast(requestMessages.sent, { tone: 'success' });
          setNote('');
        },
        onError: (error) => {
          if (!consent.refused(error, post)) showToast(requestMessages.sendFailed, { tone: 'warning' });
        },
      },
    );
  // A note may speak of the customer's health: then the consent is asked first (decision 0410).
  const send = () => (infoRequestNeedsHealthConsent(note) ? consent.guard(post) : post());
  const contact = profile.data
    ? profile.data.phone_number
      ? fillMessage(reservationsMessages.contactInfo, { phone: formatPhone(profile.data.phone_number), email: profile.data.email })
      : fillMessage(reservationsMessages.contactInfoEmailOnly, { email: profile.data.email })
    : null;
  return (
    <div className="info-request">
      {contact ? <p className="notice notice--info">{contact}</p> : null}
      <TextareaField
        label={reservationsMessages.additionalNotes}
        value={note}
        maxLength={SHOP_SERVICE_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        disabled={request.isPending}
      />
      <Button variant="primary" block busy={request.isPending} disabled={!profile.data} onClick={send}>
        {reservationsMessages.requestInfo}
      </Button>
      {consent.dialog}
    </div>
  );
}

/** A shop service page (spec §2), also the information request screen /app/serviceinfo/{id}. */
export function ShopServiceScreen() {
  // Two routes: /app/serviceinfo/{id} and /app/service/category/{id}/shop/{shopServiceId}, both parsed to numbers.
  const params = useParams({ strict: false }) as { id?: number; shopServiceId?: number };
  const shopServiceId = params.shopServiceId ?? params.id ?? 0;
  const query = useQuery(shopServiceQueryOptions(shopServiceId));
  if (!query.isSuccess) return <ServiceQueryState query={query} notFound={reservationsMessages.serviceNotFound} />;
  const shopService = query.data;
  return (
    <article className="page services">
      <h1>{shopService.name}</h1>
      <HtmlContent html={shopService.description} />
      <ShopServiceFacts price={shopService.price} />
      <InfoRequest shopService={shopService} />
    </article>
  );
}
