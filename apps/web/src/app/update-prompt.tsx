import { appMessages } from '@farmacia/contract';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';

/**
 * The service worker's update prompt (spec §4): 'Premi ok per aggiornare l'applicazione.' — OK
 * activates the waiting worker and reloads. The registration code (workbox-window) is loaded after
 * the first render so it costs nothing on the critical path.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateSW = registerSW({
        onNeedRefresh: () => setUpdate(() => updateSW),
      });
    });
    return () => {
      cancelled = true;
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
