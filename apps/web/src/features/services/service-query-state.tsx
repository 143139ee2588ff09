import { appMessages } from '@farmacia/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { Loader } from '../../components/ui/loader';

/**
 * What a services page shows before its data is there: a 404 gives `notFound` as the page title
 * (an id that is no number never gets here: its route shows the not-found screen), a load the
 * loader, any other failure the generic error. A screen renders it while `!query.isSuccess`, so
 * that past it `query.data` is typed as loaded.
 */
export function ServiceQueryState({ query, notFound }: { query: UseQueryResult<unknown>; notFound: string }) {
  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <div className="page page--centered services">
        <h1>{notFound}</h1>
      </div>
    );
  }
  if (query.isPending) return <Loader />;
  return (
    <div className="page services">
      <p role="alert">{appMessages.genericError}</p>
    </div>
  );
}
