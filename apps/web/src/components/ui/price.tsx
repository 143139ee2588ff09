import { formatCents, formatEuro } from '@farmacia/contract';

/** A euro amount in the Italian format with 2 decimals (spec §1): '12,50 €'. */
export function Price({ euro, cents, className }: { euro?: number; cents?: number; className?: string }) {
  const text = cents !== undefined ? formatCents(cents) : formatEuro(euro ?? 0);
  return <span className={['price', className ?? ''].filter(Boolean).join(' ')}>{text}</span>;
}
