import { type ReactNode, useId, useState } from 'react';

export interface CollapsibleProps {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  /** The heading level that keeps the screen's outline in order (h1 → h2 → h3, WCAG 1.3.1). */
  level?: 2 | 3;
}

/** A section that opens and closes with its heading button (product info, cart sections). */
export function Collapsible({ title, children, defaultOpen = false, level = 3 }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const regionId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`collapsible${open ? ' collapsible--open' : ''}`}>
      <Heading className="collapsible__heading">
        <button type="button" className="collapsible__toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          <span className="collapsible__chevron" aria-hidden="true" />
        </button>
      </Heading>
      <div id={regionId} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
