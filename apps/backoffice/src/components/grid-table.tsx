import { consoleMessages, fillMessage } from '@farmacia/contract';
import type { ReactNode } from 'react';

/**
 * The back office's scrollable data table: one header cell per column and, with `actions`, a last
 * column whose header is read only by screen readers ("Azioni", or the text given). `caption` is
 * read only by screen readers too; `tableLabel` names the table itself; `after` follows the table
 * inside the scrolling region. Rows are the children.
 */
export function GridTable({
  label,
  columns,
  actions,
  caption,
  tableLabel,
  after,
  children,
}: {
  label: string;
  columns: string[];
  actions?: boolean | string;
  caption?: ReactNode;
  tableLabel?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table className="grid" aria-label={tableLabel}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="sr-only">{actions === true ? consoleMessages.common.actions : actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </ScrollRegion>
  );
}

/**
 * A wide table scrolls sideways inside the page on a narrow screen; keyboard users scroll it too,
 * so the region takes focus and says what it holds (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="scroll" aria-label={fillMessage(consoleMessages.common.tableRegion, { label })} tabIndex={0}>
      {children}
    </section>
  );
}
