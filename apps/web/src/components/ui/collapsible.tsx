import { type ReactNode, useId, useState } from 'react';

export interface CollapsibleProps {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
}

/** A section that opens and closes with its heading button (product info, cart sections). */
export function Collapsible({ title, children, defaultOpen = false }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const regionId = useId();
  return (
    <section className={`collapsible${open ? ' collapsible--open' : ''}`}>
      <h3 className="collapsible__heading">
        <button type="button" className="collapsible__toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          <span className="collapsible__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={regionId} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
