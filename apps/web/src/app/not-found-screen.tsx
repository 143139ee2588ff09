import { appMessages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';

/** Any path the app does not know. */
export function NotFoundScreen() {
  return (
    <div className="page page--centered">
      <h1>{appMessages.pageNotFoundTitle}</h1>
      <p>{appMessages.pageNotFoundText}</p>
      <Link to="/app/home" className="button button--primary">
        {appMessages.backToHome}
      </Link>
    </div>
  );
}
