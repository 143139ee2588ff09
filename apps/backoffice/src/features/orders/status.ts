import type { OrderStatus } from '@farmacia/contract';

/** The queue's tabs: what needs the pharmacist first. */
export const QUEUE_TABS: ReadonlyArray<{ key: string; label: string; statuses: OrderStatus[] }> = [
  { key: 'nuove', label: 'Nuove', statuses: ['created'] },
  { key: 'gestione', label: 'In gestione', statuses: ['managing'] },
  { key: 'attesa', label: 'Attesa cliente', statuses: ['finalizing'] },
  { key: 'confermati', label: 'Confermati', statuses: ['confirmed'] },
  { key: 'lavorazione', label: 'In lavorazione', statuses: ['processing', 'shipped'] },
  { key: 'chiusi', label: 'Chiusi', statuses: ['completed', 'cancelled'] },
];
