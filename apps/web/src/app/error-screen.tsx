import { appMessages } from '@farmacia/contract';

/**
 * What a screen that failed while showing leaves in its place (the router's default error
 * component): in Italian, never the router's own English screen. The usual cause is a screen's
 * code that could not be fetched — the connection dropped mid-load — so «Riprova» loads the page
 * again (a failed import stays failed in this page).
 */
export function ErrorScreen() {
  return (
    <div className="page page--centered" role="alert">
      <h1>{appMessages.genericError}</h1>
      <p>{appMessages.pageErrorText}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {appMessages.retry}
      </button>
    </div>
  );
}
