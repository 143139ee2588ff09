import { zodResolver } from '@hookform/resolvers/zod';
import { FISCAL_CODE_LENGTH, FiscalCodeBodySchema, messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/server-errors';
import { fiscalCodeQueryOptions, useSaveFiscalCode } from '../../lib/fiscal-codes-api';
import { returnPathAfterSave } from '../../lib/return-path';
import '../../components/ui/item-lists.css';
import '../../lib/validation-locale';

type FormInput = z.input<typeof FiscalCodeBodySchema>;
type FormOutput = z.output<typeof FiscalCodeBodySchema>;

/** /app/fiscalcode and /app/fiscalcode/{id} (spec §2, §5): add or edit one fiscal code. */
export function FiscalCodeFormScreen() {
  // Two routes, add and edit: only the edit route has an id (a number, parsed by the route).
  const { id } = useParams({ strict: false }) as { id?: number };
  const search = useSearch({ strict: false }) as Record<string, string>;
  const router = useRouter();
  const editing = id !== undefined;
  const existing = useQuery({ ...fiscalCodeQueryOptions(id ?? 0), enabled: id !== undefined });
  const save = useSaveFiscalCode(id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(FiscalCodeBodySchema), defaultValues: { codice_fiscale: '' } });

  useEffect(() => {
    if (existing.data) reset({ codice_fiscale: existing.data.codice_fiscale });
  }, [existing.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      showToast(messages.fiscalCode.saved, { tone: 'success' });
      void router.navigate({ href: returnPathAfterSave(search, '/app/fiscalcodes', 'fiscalcode', saved.id) });
    } catch (error) {
      // Spec §5: the server's message per field (the last one); otherwise the spec §8 toast.
      if (applyServerErrors(error, ['codice_fiscale'], setError).length > 0) return;
      if (isApiError(error) && error.status === 0) return;
      showToast(messages.fiscalCode.problem, { tone: 'warning' });
    }
  });

  if (editing && (id === undefined || existing.isError)) {
    return (
      <div className="page page--centered">
        <h1>{messages.fiscalCode.notFound}</h1>
        <Link to="/app/fiscalcodes" className="button button--primary">
          {messages.fiscalCode.listTitle}
        </Link>
      </div>
    );
  }
  if (editing && existing.isPending) return <Loader />;
  const system = existing.data?.system === true;

  return (
    <div className="page">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="fiscal-code-title">
        <h1 id="fiscal-code-title">{editing ? messages.fiscalCode.editTitle : messages.fiscalCode.addTitle}</h1>
        {system ? <p className="notice notice--info">{messages.fiscalCode.systemNotEditable}</p> : null}
        <TextField
          label={messages.auth.fiscalCodeLabel}
          className="field--uppercase"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={FISCAL_CODE_LENGTH}
          readOnly={system}
          hint={messages.fiscalCode.hint}
          error={errors.codice_fiscale?.message}
          {...register('codice_fiscale')}
        />
        <Button type="submit" block busy={save.isPending} disabled={system}>
          {messages.fiscalCode.save}
        </Button>
      </form>
    </div>
  );
}
