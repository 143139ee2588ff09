import { consoleMessages, type OrderStatus } from '@farmacia/contract';

/** The pharmacist's names for the statuses (the customer app words them for the customer). */
export const STATUS_LABEL: Record<OrderStatus, string> = consoleMessages.orderStatus;
