import { consoleMessages, type OrderStatus } from '@farmacia/contract';

/** The queue's tabs: what needs the pharmacist first (their names are the contract's; which statuses each shows is the console's rule). */
export const QUEUE_TABS: ReadonlyArray<{ key: string; label: string; statuses: OrderStatus[] }> = [
  { key: 'nuove', label: consoleMessages.queue.tabs.created, statuses: ['created'] },
  { key: 'gestione', label: consoleMessages.orderStatus.managing, statuses: ['managing'] },
  { key: 'attesa', label: consoleMessages.queue.tabs.finalizing, statuses: ['finalizing'] },
  { key: 'confermati', label: consoleMessages.queue.tabs.confirmed, statuses: ['confirmed'] },
  { key: 'lavorazione', label: consoleMessages.orderStatus.processing, statuses: ['processing', 'shipped'] },
  { key: 'chiusi', label: consoleMessages.queue.tabs.closed, statuses: ['completed', 'cancelled'] },
];
