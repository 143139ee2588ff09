import { messages } from '@farmacia/contract';
import { Modal } from '../ui/modal';

/**
 * The camera scanner's interface (issue 20). This minimal version only lets the screens that
 * call it compile and be tested; the scanner itself (camera, decoder, still-image fallback)
 * replaces this file.
 */
export interface ScanDialogProps {
  open: boolean;
  purpose: 'memo' | 'pack';
  onClose(): void;
  onScanned(values: { format: string; text: string }[]): void;
}

export function ScanDialog({ open, purpose, onClose }: ScanDialogProps) {
  return (
    <Modal open={open} title={purpose === 'memo' ? messages.scan.scanMemo : messages.scan.scanPack} onClose={onClose}>
      <p>{messages.scan.scanButton}</p>
    </Modal>
  );
}
