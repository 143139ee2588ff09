import { messages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';

/** Any path the app does not know. */
export function NotFoundScreen() {
  return (
    <div className="page page--centered">
      <h1>{messages.app.pageNotFoundTitle}</h1>
      <p>{messages.app.pageNotFoundText}</p>
      <Link to="/app/home" className="button button--primary">
        {messages.app.backToHome}
      </Link>
    </div>
  );
}
