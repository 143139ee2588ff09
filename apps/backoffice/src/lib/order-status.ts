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
