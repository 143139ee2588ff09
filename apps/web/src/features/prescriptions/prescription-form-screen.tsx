import { appMessages, fileInputMessages, fiscalCodeMessages, prescriptionMessages, requestMessages, scanMessages, tabsMessages, NRE_HINT, NRE_MAX_LENGTH, type PrescriptionMode } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { isApiError } from '../../lib/api-client';
import { NotFoundPage } from '../../components/not-found-page';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Loader } from '../../components/ui/loader';
import { ScanDialog } from '../../components/scan/scan-dialog';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { fiscalCodesQueryOptions } from '../../lib/fiscal-codes-api';
import { useHealthConsentGate } from '../../components/health-consent/use-health-consent-gate';
import { FilePicker } from '../../components/file-picker';
import {
  bodyOf,
  checkPrescriptionForm,
  emptyForm,
  formOf,
  inputsOf,
  type PrescriptionField,
  type PrescriptionFormValues,
} from './prescription-form';
import { parsePrescriptionEntry, prescriptionQueryOptions, useDeletePrescription, useSavePrescription } from './prescriptions-api';
import { NoteField } from '../../components/ui/note-field';
import { PasteFromMessage } from './paste-from-message';
import { FillNotices, usePrescriptionFill } from './prescription-fill';
import { fillFromMemo, fillFromMessage } from '../../lib/scan-results';
import '../../components/ui/item-lists.css';

const routeApi = getRouteApi('/_app/_private/app/prescription/$entry');
const SERVER_FIELDS: readonly PrescriptionField[] = ['codice_fiscale', 'nre', 'fse_consent', 'note', 'equivalent', 'file'];

function NotFound() {
  return (
    <NotFoundPage title={prescriptionMessages.notFound} to="/app/cart" linkText={tabsMessages.cart} />
  );
}

interface FormProps {
  initial: PrescriptionFormValues;
  id: number | undefined;
  entry: string;
  selectFiscalCodeId: number | undefined;
  /** A message shared to the app (Web Share Target) or the codes left from one: fills the form once. */
  shared?: string | undefined;
}

function PrescriptionForm({ initial, id, entry, selectFiscalCodeId, shared }: FormProps) {
  const navigate = useNavigate();
  const save = useSavePrescription(id);
  const remove = useDeletePrescription();
  const fiscalCodes = useQuery(fiscalCodesQueryOptions);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<PrescriptionField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<PrescriptionField, string>>>({});
  const [confirmRemove, setConfirmRemove] = useState(false);
  const consent = useHealthConsentGate();
  const selectId = useId();
  const editing = id !== undefined;
  const check = checkPrescriptionForm(values, editing);
  const inputs = inputsOf(values.mode);
  const vet = values.mode === 'vetnre' || values.mode === 'vetfile';
  // Issue 20: paste, share or scan instead of typing, where the NRE is the way in.
  const scannable = values.mode === 'nre' || values.mode === 'vetnre';
  const [scanning, setScanning] = useState(false);
  const fill = usePrescriptionFill({
    setNre: (nre) => change('nre', nre),
    setFiscalCode: (code) => change('codice_fiscale', code),
  });
  const ownCodes = () => (fiscalCodes.data ?? []).map((code) => code.codice_fiscale);
  const sharedApplied = useRef(false);
  useEffect(() => {
    if (!shared || !scannable || sharedApplied.current || fiscalCodes.isPending) return;
    sharedApplied.current = true;
    fill.apply(fillFromMessage(shared, ownCodes()), scanMessages.nothingFound);
  });
  /** The same form for another NRE of the message, the fiscal code chosen here kept. */
  const openPrescriptionFor = (nres: readonly string[]) =>
    navigate({ to: '/app/prescription/$entry', params: { entry }, search: { text: [...nres, values.codice_fiscale].join(' ').trim() } });

  // Back from adding a fiscal code (`?fiscalcode=<id>`): select the new one.
  useEffect(() => {
    const added = fiscalCodes.data?.find((code) => code.id === selectFiscalCodeId);
    if (added) setValues((v) => ({ ...v, codice_fiscale: added.codice_fiscale }));
  }, [fiscalCodes.data, selectFiscalCodeId]);

  const change = <K extends PrescriptionField>(field: K, value: PrescriptionFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: PrescriptionField) => serverErrors[field] ?? (touched[field] ? check.errors[field] : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.valid) {
      setTouched({ codice_fiscale: true, nre: true, fse_consent: true, note: true, file: true });
      return;
    }
    // A prescription is health data: sent only with the consent in force (decision 0410).
    const send = () =>
      save.mutate(bodyOf(values), {
        onSuccess: () => {
          showToast(requestMessages.sent, { tone: 'success' });
          // One prescription per NRE of a shared message: the next one opens, filled.
          const next = fill.pending?.otherNres ?? [];
          void (next.length > 0 ? openPrescriptionFor(next) : navigate({ to: '/app/cart' }));
        },
        onError: (error) => {
          if (consent.refused(error, send)) return;
          const fields: Partial<Record<PrescriptionField, string>> = {};
          if (isApiError(error)) {
            for (const field of SERVER_FIELDS) {
              const message = error.fieldMessage(field) ?? error.fieldMessage(`${field}.name`) ?? error.fieldMessage(`${field}.base64`);
              if (message) fields[field] = message;
            }
          }
          setServerErrors(fields);
          // Spec §8: also when saving a prescription fails.
          showToast(error && isApiError(error) && error.status === 413 ? error.message : requestMessages.sendFailed, { tone: 'warning' });
        },
      });
    consent.guard(send);
  };

  const onRemove = () =>
    remove.mutate(id as number, {
      onSuccess: () => {
        showToast(prescriptionMessages.removed, { tone: 'success' });
        void navigate({ to: '/app/cart' });
      },
      onError: () => {
        setConfirmRemove(false);
        showToast(appMessages.genericError, { tone: 'warning' });
      },
    });

  const fiscalCodeError = errorOf('codice_fiscale');
  const required = (on: boolean) => (on ? <span className="field__required"> {fileInputMessages.required}</span> : null);

  return (
    <div className="page prescription-form">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="prescription-title">
        <h1 id="prescription-title">{prescriptionMessages.title}</h1>
        <p className="catalogue__lead">
          <strong>{prescriptionMessages.modeTitles[values.mode]}</strong> — {prescriptionMessages.modeDescriptions[values.mode]}
        </p>

        <div className={['field', fiscalCodeError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={selectId}>
            {vet ? prescriptionMessages.ownerFiscalCodeLabel : prescriptionMessages.fiscalCodeLabel}
            {required(true)}
          </label>
          <div className="field__control">
            <select
              id={selectId}
              className="field__input"
              value={values.codice_fiscale}
              aria-invalid={fiscalCodeError ? true : undefined}
              aria-describedby={fiscalCodeError ? `${selectId}-error` : undefined}
              onChange={(event) => change('codice_fiscale', event.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, codice_fiscale: true }))}
            >
              <option value="">{prescriptionMessages.selectFiscalCode}</option>
              {(fiscalCodes.data ?? []).map((code) => (
                <option key={code.id} value={code.codice_fiscale}>
                  {code.codice_fiscale}
                  {code.main ? ` (${fiscalCodeMessages.main})` : ''}
                </option>
              ))}
              {values.codice_fiscale && fiscalCodes.data && !fiscalCodes.data.some((c) => c.codice_fiscale === values.codice_fiscale) ? (
                <option value={values.codice_fiscale}>{values.codice_fiscale}</option>
              ) : null}
            </select>
          </div>
          {fiscalCodeError ? (
            <p className="field__error" id={`${selectId}-error`}>
              {fiscalCodeError}
            </p>
          ) : null}
          <Link to="/app/fiscalcode" search={{ redirect: `/app/prescription/${entry}` }} className="field__hint">
            {prescriptionMessages.addFiscalCode}
          </Link>
        </div>

        {inputs.consent ? (
          <Checkbox
            label={<>{prescriptionMessages.fseConsentLabel}{required(check.needs.fseConsentRequired)}</>}
            note={prescriptionMessages.fseConsentNote}
            checked={values.fse_consent}
            error={errorOf('fse_consent')}
            onChange={(event) => change('fse_consent', event.target.checked)}
          />
        ) : null}

        {inputs.file ? (
          <FilePicker
            label={vet ? prescriptionMessages.vetFileLabel : prescriptionMessages.fileLabel}
            value={values.file}
            required={check.needs.fileRequired}
            error={errorOf('file')}
            onChange={(file) => change('file', file)}
          />
        ) : null}

        {scannable ? (
          <div className="prescription-form__fill">
            <PasteFromMessage onText={(text) => fill.apply(fillFromMessage(text, ownCodes()), scanMessages.nothingFound)} />
            <Button variant="secondary" onClick={() => setScanning(true)}>
              {scanMessages.scanButton}
            </Button>
          </div>
        ) : null}
        <FillNotices
          fill={fill.pending}
          onFiscalCodeAdded={(code) => {
            change('codice_fiscale', code);
            fill.clearFiscalCode();
          }}
          onOtherNre={(nre) => {
            const others = (fill.pending?.otherNres ?? []).filter((other) => other !== nre);
            void openPrescriptionFor([nre, ...others, ...(values.nre && values.nre !== nre ? [values.nre] : [])]);
          }}
        />

        {inputs.nre ? (
          <TextField
            label={inputs.file ? prescriptionMessages.nreAlternativeLabel : prescriptionMessages.nreLabel}
            className="field--uppercase"
            value={values.nre}
            maxLength={NRE_MAX_LENGTH + 6}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            hint={`${NRE_HINT} ${prescriptionMessages.nreWhere}`}
            required={check.needs.nreRequired}
            error={errorOf('nre')}
            onChange={(event) => change('nre', event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, nre: true }))}
          />
        ) : null}

        <NoteField
          label={prescriptionMessages.noteLabel}
          value={values.note}
          error={errorOf('note')}
          onChange={(note) => change('note', note)}
        />
        <Checkbox
          label={prescriptionMessages.equivalent}
          note={prescriptionMessages.equivalentNote}
          checked={values.equivalent}
          onChange={(event) => change('equivalent', event.target.checked)}
        />

        <Button type="submit" block busy={save.isPending} disabled={!check.valid}>
          {prescriptionMessages.save}
        </Button>
        {editing ? (
          <Button variant="danger" block onClick={() => setConfirmRemove(true)}>
            {prescriptionMessages.remove}
          </Button>
        ) : null}
        <p>
          <Link to="/app/help/$topic" params={{ topic: 'prescription' }}>
            {prescriptionMessages.helpLink}
          </Link>
        </p>
      </form>
      <ConfirmModal
        open={confirmRemove}
        title={prescriptionMessages.removeTitle}
        text={prescriptionMessages.removeText}
        confirmLabel={prescriptionMessages.remove}
        busy={remove.isPending}
        onClose={() => setConfirmRemove(false)}
        onConfirm={onRemove}
      />
      {consent.dialog}
      {scannable ? (
        <ScanDialog
          open={scanning}
          purpose="memo"
          onClose={() => setScanning(false)}
          onScanned={(scanned) => {
            setScanning(false);
            fill.apply(fillFromMemo(scanned, ownCodes()), scanMessages.memoNothing);
          }}
        />
      ) : null}
    </div>
  );
}

/** 'Inserisci ricetta' (spec §2, §4, §5): new in a mode, or edit by numeric id; back to /app/cart after save or removal. */
export function PrescriptionFormScreen() {
  const { entry } = routeApi.useParams();
  const search = routeApi.useSearch();
  const parsed = parsePrescriptionEntry(entry);
  const existing = useQuery({ ...prescriptionQueryOptions(parsed.kind === 'edit' ? parsed.id : 0), enabled: parsed.kind === 'edit' });
  const selectFiscalCodeId = search.fiscalcode ? Number(search.fiscalcode) : undefined;
  // The Web Share Target's GET params (vite.config.ts manifest): title, text, url of the shared message.
  const shared = [search.title, search.text, search.url].filter(Boolean).join('\n') || undefined;

  if (parsed.kind === 'unknown') return <NotFound />;
  if (parsed.kind === 'new') {
    return (
      <PrescriptionForm
        key={`${entry}\n${shared ?? ''}`}
        initial={emptyForm(parsed.mode as PrescriptionMode)}
        id={undefined}
        entry={entry}
        selectFiscalCodeId={selectFiscalCodeId}
        shared={shared}
      />
    );
  }
  if (existing.isPending) return <Loader />;
  if (existing.isError) return <NotFound />;
  return <PrescriptionForm key={entry} initial={formOf(existing.data)} id={parsed.id} entry={entry} selectFiscalCodeId={selectFiscalCodeId} />;
}
