import {
  CATALOGUE_UPLOAD_MAX_BYTES,
  CATALOGUE_UPLOAD_MAX_MB,
  type CatalogueImportJob,
  CatalogueImportJobResponseSchema,
  countText,
  fillMessage,
  messages,
  consoleMessages,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { clearSession, getToken } from '../../lib/session';
import { QueryError } from '../../components/feedback';
import { GridTable } from '../../components/grid-table';

/** Sends the file as the request body (text/csv): no base64, no JSON around it. */
async function uploadCatalogue(file: File): Promise<CatalogueImportJob> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/admin/catalogue/imports?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch {
    throw new ApiError(0, consoleMessages.catalogue.offline, 'OFFLINE');
  }
  const body = (await res.json().catch(() => null)) as { message?: string; code?: string; errors?: Record<string, string[]> } | null;
  if (res.status === 401) {
    clearSession();
    window.location.assign('/backoffice/login?expired=1');
  }
  if (!res.ok) throw new ApiError(res.status, body?.errors?.file?.at(-1) ?? body?.message ?? fillMessage(consoleMessages.catalogue.httpError, { status: res.status }), body?.code, body?.errors ?? {});
  return CatalogueImportJobResponseSchema.parse(body).data;
}

/** The catalogue file: upload, a progress bar while the rows are written, then the report. */
export function UploadPanel() {
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const job = useQuery({
    queryKey: ['catalogue-import', jobId],
    enabled: jobId !== null,
    queryFn: () => api('GET', `/admin/catalogue/imports/${jobId}`, CatalogueImportJobResponseSchema),
    refetchInterval: (query) => (query.state.data?.data.status === 'running' ? 500 : false),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) return setError(messages.backofficeCatalogue.fileRequired);
    if (file.size > CATALOGUE_UPLOAD_MAX_BYTES) return setError(fillMessage(messages.backofficeCatalogue.fileTooLarge, { max: CATALOGUE_UPLOAD_MAX_MB }));
    setSending(true);
    try {
      setJobId((await uploadCatalogue(file)).id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  const current = job.data?.data;
  return (
    <section aria-labelledby="upload-title" className="card wide">
      <h2 id="upload-title">{consoleMessages.catalogue.uploadTitle}</h2>
      <p className="hint">
        {consoleMessages.catalogue.uploadHint}{' '}
        {CATALOGUE_UPLOAD_MAX_MB} {consoleMessages.catalogue.megabytes}
      </p>
      <form onSubmit={submit} className="toolbar" noValidate>
        <label>
          {consoleMessages.catalogue.uploadFile}
          <input ref={input} type="file" accept=".csv,text/csv" aria-describedby={error ? 'upload-error' : undefined} />
        </label>
        <button type="submit" disabled={sending || current?.status === 'running'}>
          {consoleMessages.catalogue.upload}
        </button>
      </form>
      {error ? (
        <p id="upload-error" className="error" role="alert">
          {error}
        </p>
      ) : null}
      {sending ? <p role="status">{consoleMessages.catalogue.sending}</p> : null}
      {current ? <ImportProgress job={current} /> : null}
      <QueryError query={job} />
    </section>
  );
}

function ImportProgress({ job }: { job: CatalogueImportJob }) {
  const percent = job.total_rows === 0 ? 100 : Math.round((job.processed_rows / job.total_rows) * 100);
  if (job.status === 'running') {
    return (
      <div role="status">
        <label>
          {fillMessage(consoleMessages.catalogue.importRunning, {
            done: job.processed_rows.toLocaleString('it-IT'),
            total: countText(messages.counts.rows, job.total_rows),
            percent,
          })}
          <progress max={Math.max(job.total_rows, 1)} value={job.processed_rows} />
        </label>
      </div>
    );
  }
  if (job.status === 'failed' || !job.report) {
    return (
      <p className="error" role="alert">
        {job.error ?? messages.backofficeCatalogue.importInterrupted}
      </p>
    );
  }
  const report = job.report;
  return (
    <div role="status" aria-live="polite">
      <progress max={1} value={1} aria-label={consoleMessages.catalogue.importDone} />
      <p className="notice">
        {consoleMessages.catalogue.importDone}{job.file_name ? ` (${job.file_name})` : ''}: {countText(messages.counts.rows, report.rows)} —{' '}
        {[
          countText(messages.counts.inserted, report.inserted),
          countText(messages.counts.updated, report.updated),
          countText(messages.counts.unchanged, report.unchanged),
          countText(messages.counts.rejected, report.rejected.length),
        ].join(', ')}
        .
      </p>
      {report.warnings.map((w) => (
        <p key={w} className="error">
          {w}
        </p>
      ))}
      {report.rejected.length > 0 ? (
        <GridTable label={consoleMessages.catalogue.rejectedRows} columns={[consoleMessages.catalogue.row, consoleMessages.common.code, consoleMessages.common.reason]} tableLabel={consoleMessages.catalogue.rejectedRows} after={report.rejected.length > 500 ? <p>{fillMessage(consoleMessages.catalogue.rejectedShown, { count: report.rejected.length })}</p> : null}>
              {report.rejected.slice(0, 500).map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.codice_ministeriale ?? '—'}</td>
                  <td>{r.reasons.join(' ')}</td>
                </tr>
              ))}
        </GridTable>
      ) : null}
    </div>
  );
}
