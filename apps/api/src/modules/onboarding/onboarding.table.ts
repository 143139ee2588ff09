import type { CreatedAt, WithId } from '../../db/row.js';

/** Migration 0115: an admin's invitation of a pharmacist; pending while its set-password token is unused. */
export interface StaffInvitationTable extends WithId, CreatedAt {
  shop_id: number;
  user_id: number;
  /** The `password_resets` row mailed as the set-password link (the latest one when re-sent). */
  password_reset_id: number;
  invited_by: number | null;
}

export interface OnboardingTables {
  staff_invitations: StaffInvitationTable;
}
