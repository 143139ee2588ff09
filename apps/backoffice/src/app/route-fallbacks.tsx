import { appMessages } from '@farmacia/contract';

/**
 * What a screen that could not be shown leaves in its place (the router's default error
 * component, decision 0688): in Italian, never the router's own English "Something went wrong!".
 * The usual causes are the server restarting while the member check runs and a screen's code that
 * could not be fetched (the connection dropped): «Riprova» loads the page again, since a failed
 * import stays failed in this page. The same texts as the customer app's error screen.
 */
export function RouteError() {
  return (
    <div className="page" role="alert">
      <h1>{appMessages.genericError}</h1>
      <p>{appMessages.pageErrorText}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {appMessages.retry}
      </button>
    </div>
  );
}

/** An address that is no screen of the console (the router's default not-found component). */
export function NotFound() {
  return (
    <div className="page">
      <h1>{appMessages.pageNotFoundTitle}</h1>
      <p>{appMessages.pageNotFoundText}</p>
    </div>
  );
}
