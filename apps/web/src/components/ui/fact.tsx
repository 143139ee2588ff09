import type { ReactNode } from 'react';

/**
 * One term and its value in a `<dl>`, wrapped in the `<div>` that keeps the pair together in the
 * lists' grid and flex layouts. `className` goes to the value.
 */
export function Fact({ term, className, children }: { term: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
