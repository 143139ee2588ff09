import { fillMessage, reservationsMessages, type Service } from '@farmacia/contract';
import { Price } from './ui/price';
import './service-facts.css';
import { Fact } from './ui/fact';

/** Price (only when the service shows it, spec §2) and duration of a service. */
export function ServiceFacts({ service, alwaysPrice = false }: { service: Service; alwaysPrice?: boolean }) {
  return (
    <dl className="service-facts">
      {service.show_price || alwaysPrice ? (
        <Fact term={reservationsMessages.price}>{service.price === 0 ? reservationsMessages.free : <Price euro={service.price} />}</Fact>
      ) : null}
      <Fact term={reservationsMessages.duration}>{fillMessage(reservationsMessages.minutes, { minutes: service.duration })}</Fact>
    </dl>
  );
}
