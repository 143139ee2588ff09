import type { ReactNode } from 'react';

/** What a screen says instead of an empty list: the title, an optional hint, and the way on (a link, as children). */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {hint ? <p>{hint}</p> : null}
      {children}
    </div>
  );
}
