import { offlineMessages } from '@farmacia/contract';
import { Icon } from '../components/ui/icons';

/**
 * The only thing shown while the app is offline (spec §2): no internet, the app cannot work
 * without it, it resumes by itself, report a persisting problem to the pharmacy. Part of the
 * shell (not lazy-loaded): it must render when no chunk can be fetched. `standalone` when it
 * replaces the whole shell (it is then the page's main landmark).
 */
export function OfflineNotice({ standalone = false }: { standalone?: boolean }) {
  const Container = standalone ? 'main' : 'div';
  return (
    <Container className="offline" id={standalone ? 'main' : undefined} aria-labelledby="offline-title">
      <Icon name="wifiOff" className="offline__icon" />
      <h1 id="offline-title">{offlineMessages.title}</h1>
      <p>{offlineMessages.noInternet}</p>
      <p>{offlineMessages.cannotWork}</p>
      <p>{offlineMessages.resumes}</p>
      <p>{offlineMessages.reportProblem}</p>
    </Container>
  );
}
