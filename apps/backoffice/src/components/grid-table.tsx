import type { ReactNode } from 'react';

/**
 * The back office's scrollable data table: one header cell per column and, with `actions`, a last
 * column whose header is read only by screen readers ("Azioni"). Rows are the children.
 */
export function GridTable({ columns, actions, children }: { columns: string[]; actions?: boolean; children: ReactNode }) {
  return (
    <div className="scroll">
      <table className="grid">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="sr-only">Azioni</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
