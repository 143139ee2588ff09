import { lazy, Suspense } from 'react';
import type { ScanDialogProps } from './scan-formats';

export type { ScanDialogProps } from './scan-formats';

// The dialog, its texts and the decoder load only when a scanner opens: screens may import this
// file freely without adding to the app's first load (decision 0475).
const ScanDialogBody = lazy(() => import('./scan-dialog-body'));

/** The camera barcode scanner (issue 20), as an accessible dialog. */
export function ScanDialog(props: ScanDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ScanDialogBody {...props} />
    </Suspense>
  );
}
