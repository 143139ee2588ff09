import { Navigate } from '@tanstack/react-router';

/** A bad order id, or an order that cannot be read: the orders list (order notes and payment routes). */
export function BackToOrders() {
  return <Navigate to="/app/orders" replace />;
}
