import { barcodeImageSrc, fillMessage, formatDate, formatItalianInteger, appMessages, loyaltyBlockMessages, loyaltyMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '../../components/ui/date-text';
import { Loader } from '../../components/ui/loader';
import { loyaltyCardsQueryOptions } from '../../lib/loyalty-api';
import './loyalty.css';
import { Fact } from '../../components/ui/fact';

/**
 * /app/fidelityCard (spec §2 Carta Fedeltà): the barcode (when the card has one), card number,
 * points, last update and the day the collection ends; 'Nessuna carta fedeltà trovata' otherwise.
 * A card the pharmacy blocked (decision 0531) says so in place of its barcode.
 */
export function LoyaltyScreen() {
  const { data: cards, isPending, isError } = useQuery(loyaltyCardsQueryOptions);
  const card = cards?.[0];
  return (
    <div className="page loyalty">
      <h1>{loyaltyMessages.title}</h1>
      {isPending ? <Loader /> : null}
      {isError ? <p className="notice">{appMessages.loadFailed}</p> : null}
      {!isPending && !isError && !card ? (
        <div className="card">
          <p className="loyalty__empty">{loyaltyMessages.notFound}</p>
          <p>{loyaltyMessages.howToGet}</p>
          <p className="loyalty__hint">{loyaltyMessages.medicinesExcluded}</p>
        </div>
      ) : null}
      {card ? (
        <section className="card loyalty__card" aria-label={loyaltyMessages.title}>
          {card.blocked ? (
            <div className="loyalty__blocked" role="status">
              <p className="loyalty__blocked-title">{loyaltyBlockMessages.blockedTitle}</p>
              <p>{loyaltyBlockMessages.blockedText}</p>
            </div>
          ) : null}
          {!card.blocked && barcodeImageSrc(card) ? (
            <img
              className="loyalty__barcode"
              src={barcodeImageSrc(card)}
              alt={fillMessage(loyaltyMessages.barcodeAlt, { number: card.card_id })}
            />
          ) : null}
          <dl className="loyalty__facts">
            <Fact term={loyaltyMessages.cardNumber} className="loyalty__number">{card.card_id}</Fact>
            <Fact term={loyaltyMessages.points} className="loyalty__points">{formatItalianInteger(card.score)}</Fact>
            <Fact term={loyaltyMessages.lastUpdate}>
              <DateText value={card.updated_at} />
            </Fact>
            {card.reset_date ? (
              <Fact term={loyaltyMessages.validUntil}>
                <time dateTime={card.reset_date}>{formatDate(`${card.reset_date}T12:00:00Z`)}</time>
              </Fact>
            ) : null}
          </dl>
          {card.blocked ? null : <p className="loyalty__hint">{loyaltyMessages.showAtCounter}</p>}
          <p className="loyalty__hint">{loyaltyMessages.medicinesExcluded}</p>
        </section>
      ) : null}
    </div>
  );
}
