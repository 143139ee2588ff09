import type { ReactNode } from 'react';

/** A card section named by its heading (`id` links the two); `className` adds to `card`. */
export function TitledCard({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
