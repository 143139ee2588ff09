import { lazy, Suspense } from 'react';
import type { ScanRead } from './scan-formats';

export interface ScanDialogProps {
  open: boolean;
  /** 'memo': the paper prescription memo's NRE and fiscal code; 'pack': a medicine box's code. */
  purpose: 'memo' | 'pack';
  onClose(): void;
  /**
   * The raw reads, once the purpose has them: for 'memo' the confirmed Code 39 texts (what
   * `readMemoBarcodes` accepts, or what the user chose to use), for 'pack' the one read that
   * `readPackBarcode` accepts. The screen decides what to fill or open.
   */
  onScanned(values: ScanRead[]): void;
}

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
