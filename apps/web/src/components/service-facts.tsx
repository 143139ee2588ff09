import { fillMessage, messages, type Service } from '@farmacia/contract';
import { Price } from './ui/price';
import './service-facts.css';

/** Price (only when the service shows it, spec §2) and duration of a service. */
export function ServiceFacts({ service, alwaysPrice = false }: { service: Service; alwaysPrice?: boolean }) {
  return (
    <dl className="service-facts">
      {service.show_price || alwaysPrice ? (
        <div>
          <dt>{messages.reservations.price}</dt>
          <dd>{service.price === 0 ? messages.reservations.free : <Price euro={service.price} />}</dd>
        </div>
      ) : null}
      <div>
        <dt>{messages.reservations.duration}</dt>
        <dd>{fillMessage(messages.reservations.minutes, { minutes: service.duration })}</dd>
      </div>
    </dl>
  );
}
