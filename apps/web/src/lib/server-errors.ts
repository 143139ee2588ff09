import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's validation errors on the form's fields: the last message of each field
 * (spec §5 "Server validation errors ... are shown on the field"). Returns the fields it set, so
 * the caller knows whether anything is left to show elsewhere (a toast).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): Path<T>[] {
  if (!isApiError(error)) return [];
  const applied: Path<T>[] = [];
  for (const field of fields) {
    const message = error.fieldMessage(field);
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: applied.length === 0 });
      applied.push(field);
    }
  }
  return applied;
}
