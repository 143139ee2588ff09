import { appMessages, catalogueMessages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';

/** A catalogue item that does not exist (spec §2/§8): its title, a line, and the way back to where one may look again. */
type NotFoundProps = { title: string; text: string; to: '/app/category' | '/app/search'; action: string };

export function NotFound({ title, text, to, action }: NotFoundProps) {
  return (
    <div className="page page--centered catalogue">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to={to} className="button button--primary">
        {action}
      </Link>
    </div>
  );
}

/** A catalogue page that could not be loaded for another reason than a missing item: say so and offer to try again. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page catalogue">
      <p className="notice">{appMessages.loadFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {catalogueMessages.retry}
      </Button>
    </div>
  );
}

/** A catalogue item the server does not know: 404, or 422 for a path or code that cannot be one. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}

/** What a catalogue page shows until its data is there: the loader, the missing item's page, or the retry. */
export function CatalogueQueryState({ query, missing }: { query: { isPending: boolean; error: unknown; refetch: () => unknown }; missing: NotFoundProps }) {
  if (query.isPending) return <Loader />;
  if (isMissing(query.error)) return <NotFound {...missing} />;
  return <LoadFailed onRetry={() => void query.refetch()} />;
}
