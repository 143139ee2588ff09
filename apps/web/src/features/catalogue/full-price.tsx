import { catalogueMessages } from '@farmacia/contract';
import { Price } from '../../components/ui/price';

/** The price before the promotion, struck through and named for screen readers; nothing without one. */
export function FullPrice({ euro, className }: { euro: number | null; className: string }) {
  return euro === null ? null : (
    <s className={className}>
      <span className="visually-hidden">{catalogueMessages.fullPrice} </span>
      <Price euro={euro} />
    </s>
  );
}
