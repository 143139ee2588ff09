import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';

/**
 * The record an add-or-edit screen shows: two routes, add and edit, and only the edit route has an
 * id (a number, parsed by the route); the record is read only then.
 */
export function useEditedRecord<T, K extends QueryKey>(recordQueryOptions: (id: number) => UseQueryOptions<T, Error, T, K>) {
  const { id } = useParams({ strict: false }) as { id?: number };
  const existing = useQuery({ ...recordQueryOptions(id ?? 0), enabled: id !== undefined });
  return { id, editing: id !== undefined, existing };
}
