import { messages } from '@farmacia/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { Loader } from '../../components/ui/loader';
import '../../components/ui/link-cards.css';

/** A page that is only a title: what a service screen shows for what does not exist. */
export function ServiceMessage({ title }: { title: string }) {
  return (
    <div className="page page--centered services">
      <h1>{title}</h1>
    </div>
  );
}

// Each screen's "not found", also its route's notFoundComponent for an id that is not a number.
export const ServiceNotFound = () => <ServiceMessage title={messages.reservations.serviceNotFound} />;
export const CategoryNotFound = () => <ServiceMessage title={messages.reservations.categoryNotFound} />;
export const ServiceGroupNotFound = () => <ServiceMessage title={messages.reservations.serviceGroupNotFound} />;

/**
 * The states every service page goes through before its data: its "not found" title when the
 * server answers 404, the loader while pending, the generic error for any other failure.
 */
export function ServiceQueryPage<T>({
  query,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  notFound: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (isApiError(query.error) && query.error.status === 404) return notFound;
  if (query.isPending) return <Loader />;
  if (query.isError) {
    return (
      <div className="page services">
        <p role="alert">{messages.app.genericError}</p>
      </div>
    );
  }
  return children(query.data);
}
