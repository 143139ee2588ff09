import { messages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';

/** A catalogue item that does not exist (spec §2/§8): its title, a line, and the way back to where one may look again. */
export function NotFound({ title, text, to, action }: { title: string; text: string; to: '/app/category' | '/app/search'; action: string }) {
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
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page catalogue">
      <p className="notice">{messages.app.loadFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {messages.catalogue.retry}
      </Button>
    </div>
  );
}
