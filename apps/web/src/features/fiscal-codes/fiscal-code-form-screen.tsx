import { FiscalCodeBodySchema, authMessages, fiscalCodeMessages } from '@farmacia/contract';
import { useEffect } from 'react';
import type { z } from 'zod';
import { FiscalCodeField } from '../../components/fiscal-code-field';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { NotFoundPage } from '../../components/not-found-page';
import { useEditedRecord } from '../../components/edited-record';
import { useRecordForm } from '../../components/record-form';
import { fiscalCodeQueryOptions, useSaveFiscalCode } from '../../lib/fiscal-codes-api';
import '../../components/ui/item-lists.css';
import '../../lib/validation-locale';

type FormInput = z.input<typeof FiscalCodeBodySchema>;
type FormOutput = z.output<typeof FiscalCodeBodySchema>;

/** /app/fiscalcode and /app/fiscalcode/{id} (spec §2, §5): add or edit one fiscal code. */
export function FiscalCodeFormScreen() {
  const { id, editing, existing } = useEditedRecord(fiscalCodeQueryOptions);
  const save = useSaveFiscalCode(id);
  const { form, onSubmit } = useRecordForm<FormInput, FormOutput>({
    schema: FiscalCodeBodySchema,
    defaultValues: { codice_fiscale: '' },
    fields: ['codice_fiscale'],
    save: save.mutateAsync,
    savedText: fiscalCodeMessages.saved,
    listPath: '/app/fiscalcodes',
    idParam: 'fiscalcode',
    // Spec §5: the server's message per field (the last one); otherwise the spec §8 toast.
    failedText: () => fiscalCodeMessages.problem,
  });
  const { reset } = form;

  useEffect(() => {
    if (existing.data) reset({ codice_fiscale: existing.data.codice_fiscale });
  }, [existing.data, reset]);

  if (editing && (id === undefined || existing.isError)) {
    return <NotFoundPage title={fiscalCodeMessages.notFound} to="/app/fiscalcodes" linkText={fiscalCodeMessages.listTitle} />;
  }
  if (editing && existing.isPending) return <Loader />;
  const system = existing.data?.system === true;

  return (
    <div className="page">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="fiscal-code-title">
        <h1 id="fiscal-code-title">{editing ? fiscalCodeMessages.editTitle : fiscalCodeMessages.addTitle}</h1>
        {system ? <p className="notice notice--info">{fiscalCodeMessages.systemNotEditable}</p> : null}
        <FiscalCodeField
          label={authMessages.fiscalCodeLabel}
          readOnly={system}
          hint={fiscalCodeMessages.hint}
          error={form.formState.errors.codice_fiscale?.message}
          {...form.register('codice_fiscale')}
        />
        <Button type="submit" block busy={save.isPending} disabled={system}>
          {fiscalCodeMessages.save}
        </Button>
      </form>
    </div>
  );
}
