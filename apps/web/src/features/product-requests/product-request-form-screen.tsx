import { appMessages, prescriptionMessages, productRequestMessages, requestMessages, tabsMessages, PRODUCT_REQUEST_NOTE_MAX_LENGTH, type ProductRequest, type ProductRequestType, productRequestBodySchema } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useEditedRecord } from '../../components/edited-record';
import { NotFoundPage } from '../../components/not-found-page';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Loader } from '../../components/ui/loader';
import { showToast } from '../../components/ui/toast';
import { useHealthConsentGate } from '../../components/health-consent/use-health-consent-gate';
import { optionQueryOptions } from '../../lib/shop-api';
import { FilePicker, fileFieldOf, type PickedFile } from '../../components/file-picker';
import { NoteField } from '../../components/ui/note-field';
import { productRequestQueryOptions, useDeleteProductRequest, useSaveProductRequest } from './product-requests-api';
import '../../components/ui/item-lists.css';
import '../../lib/validation-locale';

type Field = 'note' | 'file' | 'type';

/** The request type of a path: /app/galenica… is galenica, /app/productPhoto… a product-photo search. */
export function requestTypeOfPath(pathname: string): ProductRequestType {
  return pathname.toLowerCase().startsWith('/app/galenica') ? 'galenica' : 'search';
}

interface FormProps {
  type: ProductRequestType;
  existing: ProductRequest | undefined;
}

function RequestForm({ type, existing }: FormProps) {
  const navigate = useNavigate();
  const save = useSaveProductRequest(existing?.id);
  const remove = useDeleteProductRequest();
  const [note, setNote] = useState(existing?.note ?? '');
  const [equivalent, setEquivalent] = useState(existing?.equivalent ?? false);
  const [file, setFile] = useState<PickedFile>(existing?.file ? { kind: 'stored', name: existing.file.name, file: existing.file } : null);
  // Spec §5: the file is optional, but once the attached one is removed a new one is required.
  const [fileRemoved, setFileRemoved] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const consent = useHealthConsentGate();
  const galenica = type === 'galenica';
  const texts = galenica ? productRequestMessages.galenica : productRequestMessages.photo;

  const body = { type, note, equivalent, file: fileFieldOf(file) };
  const parsed = productRequestBodySchema({ allowKeptFile: existing !== undefined }).safeParse(body);
  const clientErrors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) clientErrors[String(issue.path[0]) as Field] ??= issue.message;
  }
  if (fileRemoved && !file) clientErrors.file ??= productRequestMessages.fileRequired;
  const valid = Object.keys(clientErrors).length === 0;
  const errorOf = (field: Field) => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setTouched({ note: true, file: true });
      return;
    }
    // A request may speak of the customer's health: sent only with the consent in force (decision 0410).
    const send = () =>
      save.mutate(body, {
        onSuccess: () => {
          showToast(existing ? productRequestMessages.updated : productRequestMessages.added, { tone: 'success' });
          void navigate({ to: '/app/cart' });
        },
        onError: (error) => {
          if (consent.refused(error, send)) return;
          const fields: Partial<Record<Field, string>> = {};
          if (isApiError(error)) {
            for (const field of ['note', 'file', 'type'] as const) {
              const message = error.fieldMessage(field) ?? error.fieldMessage(`${field}.name`) ?? error.fieldMessage(`${field}.base64`);
              if (message) fields[field] = message;
            }
          }
          setServerErrors(fields);
          showToast(isApiError(error) && (error.status === 413 || fields.type) ? error.message : requestMessages.sendFailed, { tone: 'warning' });
        },
      });
    consent.guard(send);
  };

  const onRemove = () => {
    if (!existing) return;
    remove.mutate(existing.id, {
      onSuccess: () => {
        showToast(productRequestMessages.removed, { tone: 'success' });
        void navigate({ to: '/app/cart' });
      },
      onError: () => showToast(appMessages.genericError, { tone: 'warning' }),
    });
  };

  return (
    <div className="page product-request">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="request-title">
        <h1 id="request-title">{texts.title}</h1>
        <p className="catalogue__lead">{texts.intro}</p>
        {serverErrors.type ? <p className="notice notice--warning">{serverErrors.type}</p> : null}
        <NoteField
          label={texts.noteLabel}
          hint={texts.noteHint}
          value={note}
          required
          maxLength={PRODUCT_REQUEST_NOTE_MAX_LENGTH}
          error={errorOf('note')}
          onChange={(value) => {
            setNote(value);
            setTouched((t) => ({ ...t, note: true }));
            setServerErrors((e) => ({ ...e, note: undefined }));
          }}
        />
        <FilePicker
          label={texts.fileLabel}
          value={file}
          required={fileRemoved}
          error={errorOf('file')}
          onChange={(next) => {
            if (!next && file) setFileRemoved(true);
            setFile(next);
            setTouched((t) => ({ ...t, file: true }));
            setServerErrors((e) => ({ ...e, file: undefined }));
          }}
        />
        <Checkbox
          label={prescriptionMessages.equivalent}
          note={prescriptionMessages.equivalentNote}
          checked={equivalent}
          onChange={(event) => setEquivalent(event.target.checked)}
        />
        <Button type="submit" block busy={save.isPending} disabled={!valid}>
          {existing ? productRequestMessages.update : productRequestMessages.send}
        </Button>
        {existing ? (
          <Button variant="danger" block busy={remove.isPending} onClick={onRemove}>
            {productRequestMessages.remove}
          </Button>
        ) : null}
        <p>
          <Link to="/app/help/$topic" params={{ topic: galenica ? 'Galenica' : 'productphoto' }}>
            {texts.helpLink}
          </Link>
        </p>
      </form>
      {consent.dialog}
    </div>
  );
}

/** /app/productPhoto, /app/productphoto/{id}, /app/galenica, /app/galenica/{id} (spec §2): create or edit by id. */
export function ProductRequestFormScreen() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { id, existing } = useEditedRecord(productRequestQueryOptions);
  const type = requestTypeOfPath(pathname);
  const galenicaOption = useQuery({ ...optionQueryOptions('galenica'), enabled: type === 'galenica' });

  const notFound = (
    <NotFoundPage title={productRequestMessages.notFound} to="/app/cart" linkText={tabsMessages.cart} />
  );
  if (id !== undefined && existing.isPending) return <Loader />;
  if (id !== undefined && (existing.isError || existing.data?.type !== type)) return notFound;
  // The shop's galenica option (spec §3): a shop that turned it off takes no galenica requests.
  if (type === 'galenica' && !existing.data && galenicaOption.data !== undefined && galenicaOption.data !== null && galenicaOption.data !== '1') {
    return (
      <div className="page">
        <h1>{productRequestMessages.galenica.title}</h1>
        <p className="notice notice--info">{productRequestMessages.galenicaDisabled}</p>
      </div>
    );
  }
  return <RequestForm key={`${type}-${id ?? 'new'}`} type={type} existing={existing.data} />;
}
