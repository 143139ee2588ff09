import { appMessages, gdprMessages } from '@farmacia/contract';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { endSession } from '../../app/auth-session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { deleteAccount, fetchAccountExport } from './profile-api';
import { ActionDialog } from '../../components/dialog-actions';

/** Offers a JSON document as a file download. */
function download(name: string, json: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The GDPR part of the profile: download my data, delete my account (with the password). */
export function AccountDataSection() {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);
  const deleteFormId = useId();
  const closeDelete = () => {
    setConfirming(false);
    setPassword('');
    setError(undefined);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const data = await fetchAccountExport();
      download(`farmacia-dati-${data.exported_at.slice(0, 10)}.json`, data);
    } catch (e) {
      if (!isApiError(e) || e.status !== 0) showToast(isApiError(e) ? e.message : appMessages.genericError, { tone: 'warning' });
    } finally {
      setExporting(false);
    }
  };

  const onDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(gdprMessages.passwordRequired);
      return;
    }
    setDeleting(true);
    try {
      const { message } = await deleteAccount(password);
      setConfirming(false);
      await navigate({ to: '/app/home', replace: true });
      endSession();
      showToast(message, { tone: 'success', duration: 3000 });
    } catch (e) {
      if (isApiError(e) && e.fieldMessage('password')) setError(e.fieldMessage('password'));
      else if (!isApiError(e) || e.status !== 0) showToast(isApiError(e) ? e.message : appMessages.genericError, { tone: 'warning' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="card profile__data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{gdprMessages.exportTitle}</h2>
      <p>{gdprMessages.exportText}</p>
      <Button variant="secondary" block busy={exporting} onClick={() => void onExport()}>
        {gdprMessages.exportButton}
      </Button>
      <h2 className="profile__danger-title">{gdprMessages.deleteTitle}</h2>
      <p>{gdprMessages.deleteText}</p>
      <Button variant="danger" block onClick={() => setConfirming(true)}>
        {gdprMessages.deleteTitle}
      </Button>
      <ActionDialog
        open={confirming}
        title={gdprMessages.deleteTitle}
        onClose={closeDelete}
        confirm={{ type: 'submit', form: deleteFormId, variant: 'danger', busy: deleting, children: gdprMessages.deleteButton }}
      >
        <form id={deleteFormId} onSubmit={(e) => void onDelete(e)} noValidate className="form">
          <p>{gdprMessages.deleteText}</p>
          <TextField
            label={gdprMessages.passwordLabel}
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(undefined);
            }}
          />
        </form>
      </ActionDialog>
    </section>
  );
}
