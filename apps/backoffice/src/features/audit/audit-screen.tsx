import { AuditListResponseSchema, messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime, labelOf } from '../../app/format';
import { QueryError } from '../../components/feedback';
import { GridTable } from '../../components/grid-table';

const { actorRoles, auditActions, auditEntities } = messages.backofficeLabels;

/** The audit trail (admins): who did what, when, with the row before and after. */
export function AuditScreen() {
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['audit', page],
    queryFn: () => api('GET', `/admin/audit?p=${page}&rpp=50`, AuditListResponseSchema),
  });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.rpp)) : 1;
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Registro attività</h1>
      <QueryError query={audit} />
      {audit.data && audit.data.data.length === 0 ? <p>Nessuna attività registrata.</p> : null}
      {audit.data && audit.data.data.length > 0 ? (
        <GridTable label="Registro delle azioni" columns={['Quando', 'Chi', 'Farmacia', 'Azione', 'Dettagli']}>
          {audit.data.data.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.at)}</td>
              <td>
                {e.user_name ?? `utente ${e.user_id ?? '—'}`} ({labelOf(actorRoles, e.role)})
              </td>
              <td>{e.shop_id ?? '—'}</td>
              <td>
                {labelOf(auditEntities, e.entity)} {e.entity_id ?? ''} · {labelOf(auditActions, e.action)}
                {e.reason ? ` · motivo: ${e.reason}` : ''}
              </td>
              <td>
                <details>
                  <summary>Prima / dopo</summary>
                  <pre>{JSON.stringify({ prima: e.before, dopo: e.after }, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </GridTable>
      ) : null}
      <div className="toolbar">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ← Più recenti
        </button>
        <span>
          Pagina {page} di {pages}
        </span>
        <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Meno recenti →
        </button>
      </div>
    </section>
  );
}
