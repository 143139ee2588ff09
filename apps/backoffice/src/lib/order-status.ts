import { consoleMessages } from '@farmacia/contract';
import type { OrderStatus } from '@farmacia/contract';

/** The pharmacist's names for the statuses (the customer app words them for the customer). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  created: consoleMessages.orderStatus.created,
  managing: consoleMessages.orderStatus.managing,
  finalizing: consoleMessages.orderStatus.finalizing,
  confirmed: consoleMessages.orderStatus.confirmed,
  processing: consoleMessages.orderStatus.processing,
  shipped: consoleMessages.orderStatus.shipped,
  completed: consoleMessages.orderStatus.completed,
  cancelled: consoleMessages.orderStatus.cancelled,
};
