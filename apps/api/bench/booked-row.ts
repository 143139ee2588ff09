import { romeParts } from '../src/modules/bookings/rome-time.js';

/** A `reservations` row booking one slot, as the benches load them in bulk (no reminder, no note). */
export function bookedRow(booking: {
  userId: number;
  shopId: number;
  serviceId: number;
  staffId: number;
  day: string;
  slot: { startMs: number; endMs: number };
  at: string;
}) {
  const { slot } = booking;
  return {
    user_id: booking.userId,
    shop_id: booking.shopId,
    service_id: booking.serviceId,
    staff_id: booking.staffId,
    event_id: null,
    day: booking.day,
    start_appointment: romeParts(slot.startMs).time,
    end_appointment: romeParts(slot.endMs).time,
    start_at: new Date(slot.startMs).toISOString(),
    end_at: new Date(slot.endMs).toISOString(),
    busy_until: new Date(slot.endMs).toISOString(),
    note: null,
    status: 'booked' as const,
    created_at: booking.at,
    cancelled_at: null,
    reminder_queued_at: null,
  };
}
