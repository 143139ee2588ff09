import { fillMessage, appMessages, scanMessages } from '@farmacia/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { memo, useEffect, useState } from 'react';
import { ScanDialog } from '../../components/scan/scan-dialog';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast';
import type { PackResult, ScannedValue } from '../../lib/scan-results';

const M = scanMessages;

/**
 * The pack's lookup (scan-results with the contract's barcode and prescription rules: three chunks)
 * loads when the scanner opens, not with the search screen: most searches never scan, and on a slow
 * phone every chunk of the start is a request, a compile and an evaluation more (issue 22).
 */
const loadPackLookup = () => import('../../lib/scan-results');

/**
 * "Scansiona" on Search (issue 20): the scanner reads a pack's Code 32, EAN-13 or GS1 DataMatrix,
 * the catalogue lookup turns it into the product page; a code the catalogue lacks says so and
 * offers the product request, one that fails its check says it could not be read. Memoised: the
 * search screen re-renders on every keystroke (issue 22).
 */
export const ScanPack = memo(function ScanPack({ autoOpen = false }: { autoOpen?: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(autoOpen);
  const [result, setResult] = useState<Exclude<PackResult, { kind: 'product' }> | null>(null);
  // Asked while the camera starts, so a read is resolved without waiting for it; a failed load
  // surfaces at the read, as 'loadFailed'.
  useEffect(() => {
    if (open) loadPackLookup().catch(() => undefined);
  }, [open]);

  const onScanned = async (values: ScannedValue[]) => {
    setOpen(false);
    setResult(null);
    try {
      const { resolvePack } = await loadPackLookup();
      const found = await resolvePack(values);
      if (found.kind === 'product') void navigate({ to: '/app/product/$code', params: { code: found.code } });
      else setResult(found);
    } catch {
      showToast(appMessages.loadFailed, { tone: 'warning' });
    }
  };

  return (
    <div className="scan-pack">
      <Button variant="secondary" aria-label={M.scanPack} onClick={() => setOpen(true)}>
        {M.scanButton}
      </Button>
      <div role="status" aria-live="polite">
        {result?.kind === 'unknown' ? (
          <div className="notice">
            <p>{fillMessage(M.packUnknown, { code: result.code })}</p>
            <Link to="/app/productPhoto" className="button button--secondary">
              {M.packRequest}
            </Link>
          </div>
        ) : null}
        {result?.kind === 'unreadable' ? (
          <div className="notice">
            <p>{M.packUnreadable}</p>
          </div>
        ) : null}
      </div>
      <ScanDialog open={open} purpose="pack" onClose={() => setOpen(false)} onScanned={(values) => void onScanned(values)} />
    </div>
  );
});
