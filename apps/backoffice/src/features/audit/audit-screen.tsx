import { AuditListResponseSchema, messages, consoleMessages, fillMessage } from '@farmacia/contract';
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
      <h1 id="audit-title">{consoleMessages.layout.nav.audit}</h1>
      <QueryError query={audit} />
      {audit.data && audit.data.data.length === 0 ? <p>{consoleMessages.audit.empty}</p> : null}
      {audit.data && audit.data.data.length > 0 ? (
        <GridTable label={consoleMessages.audit.tableLabel} columns={[consoleMessages.common.when, consoleMessages.common.who, consoleMessages.common.shop, consoleMessages.audit.action, consoleMessages.common.details]}>
          {audit.data.data.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.at)}</td>
              <td>
                {e.user_name ?? fillMessage(consoleMessages.audit.unknownUser, { id: e.user_id ?? '—' })} ({labelOf(actorRoles, e.role)})
              </td>
              <td>{e.shop_id ?? '—'}</td>
              <td>
                {labelOf(auditEntities, e.entity)} {e.entity_id ?? ''} · {labelOf(auditActions, e.action)}
                {e.reason ? fillMessage(consoleMessages.audit.reason, { reason: e.reason }) : ''}
              </td>
              <td>
                <details>
                  <summary>{consoleMessages.audit.beforeAfter}</summary>
                  <pre>{JSON.stringify({ prima: e.before, dopo: e.after }, null, 2)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </GridTable>
      ) : null}
      <div className="toolbar">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {consoleMessages.audit.newer}
        </button>
        <span>
          {fillMessage(consoleMessages.audit.pageOf, { page, pages })}
        </span>
        <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {consoleMessages.audit.older}
        </button>
      </div>
    </section>
  );
}
