import type { OrderStatus } from '@farmacia/contract';

/** The pharmacist's names for the statuses (the customer app words them for the customer). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Nuova',
  managing: 'In gestione',
  finalizing: 'In attesa del cliente',
  confirmed: 'Confermato',
  processing: 'In lavorazione',
  shipped: 'Spedito',
  completed: 'Completato',
  cancelled: 'Annullato',
};

/** The queue's tabs: what needs the pharmacist first. */
export const QUEUE_TABS: ReadonlyArray<{ key: string; label: string; statuses: OrderStatus[] }> = [
  { key: 'nuove', label: 'Nuove', statuses: ['created'] },
  { key: 'gestione', label: 'In gestione', statuses: ['managing'] },
  { key: 'attesa', label: 'Attesa cliente', statuses: ['finalizing'] },
  { key: 'confermati', label: 'Confermati', statuses: ['confirmed'] },
  { key: 'lavorazione', label: 'In lavorazione', statuses: ['processing', 'shipped'] },
  { key: 'chiusi', label: 'Chiusi', statuses: ['completed', 'cancelled'] },
];
