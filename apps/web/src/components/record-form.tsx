import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client';
import { returnPathAfterSave } from '../lib/return-path';
import { applyServerErrors } from '../lib/server-errors';
import { showToast } from './ui/toast';

type RecordFormOptions<Input extends FieldValues, Output> = {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The fields a server error may name (spec §5: its last message goes on the field). */
  fields: readonly Path<Input>[];
  save: (values: Output) => Promise<{ id: number }>;
  savedText: string;
  /** Where to go after saving without a `redirect` query value, and the query param the saved id goes in. */
  listPath: string;
  idParam: string;
  /** The toast of a failure that is no field's. */
  failedText: (error: unknown) => string;
};

/**
 * The add-or-edit form of one saved record (spec §2, §5 Addresses, Fiscal codes): checked by the
 * contract's schema; saving says `savedText` and goes to the `redirect` query value or the list,
 * carrying the other query params plus the saved id (the checkout uses it to select the new row).
 * Offline (status 0) it says nothing more: the app already says it is offline.
 */
export function useRecordForm<Input extends FieldValues, Output>(options: RecordFormOptions<Input, Output>) {
  const search = useSearch({ strict: false }) as Record<string, string>;
  const router = useRouter();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(options.schema), defaultValues: options.defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await options.save(values);
      showToast(options.savedText, { tone: 'success' });
      void router.navigate({ href: returnPathAfterSave(search, options.listPath, options.idParam, saved.id) });
    } catch (error) {
      if (applyServerErrors(error, options.fields, form.setError).length > 0) return;
      if (isApiError(error) && error.status === 0) return;
      showToast(options.failedText(error), { tone: 'warning' });
    }
  });
  return { form, onSubmit };
}
