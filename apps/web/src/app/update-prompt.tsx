import { appMessages } from '@farmacia/contract';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';

/**
 * The service worker's update prompt (spec §4): 'Premi ok per aggiornare l'applicazione.' — OK
 * activates the waiting worker and reloads. The registration code (workbox-window) is loaded once
 * the page has loaded and the browser is idle, so it costs nothing on the critical path.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate(() => updateSW),
        });
      });
    };
    // After the page's load and an idle moment (decision 0354): installing the worker downloads
    // every file of the app, which must not compete with the first screen for the network.
    const whenIdle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
      else setTimeout(register, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);

  return (
    <Modal
      open={update !== null}
      title={appMessages.updateTitle}
      onClose={() => setUpdate(null)}
      footer={
        <>
          <Button variant="secondary" onClick={() => setUpdate(null)}>
            {appMessages.later}
          </Button>
          <Button onClick={() => void update?.(true)}>{appMessages.ok}</Button>
        </>
      }
    >
      <p>{appMessages.updatePrompt}</p>
    </Modal>
  );
}
