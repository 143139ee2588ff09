import type { Insertable, Selectable } from 'kysely';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';

export interface UserTable extends WithId, Timestamped {
  /** The associated shop (PUT /shops); for a pharmacist, the shop they work in. */
  shop_id: number;
  role: 'customer' | 'pharmacist' | 'admin';
  name: string;
  /** Trimmed and lowercased. */
  email: string;
  /** National digits, no country prefix; null when not given. */
  phone_number: string | null;
  password_hash: string;
  privacy1: number;
  privacy2: number;
  privacy3: number;
  checkprivacy: number;
  privacy_accepted_at: string | null;
  referral_code: string;
  referred_by_user_id: number | null;
  deleted_at: string | null;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;

export interface UserShopTable extends CreatedAt {
  user_id: number;
  shop_id: number;
}

export interface SessionTable extends WithId, CreatedAt {
  user_id: number;
  /** The only token id currently valid for this session: a refresh replaces it. */
  current_jti: string;
  refreshed_at: string;
  /** Absolute end of the session: no refresh goes past it. */
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  ip: string | null;
}
export type SessionRow = Selectable<SessionTable>;

export interface PasswordResetTable extends WithId, CreatedAt {
  user_id: number;
  /** sha256 (hex) of the mailed token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface FiscalCodeTable extends WithId, Timestamped {
  user_id: number;
  codice_fiscale: string;
  main: number;
  system: number;
}
export type FiscalCodeRow = Selectable<FiscalCodeTable>;

export interface PrivacyConsentTable extends WithId, CreatedAt {
  user_id: number;
  privacy1: number;
  privacy2: number;
  privacy3: number;
  /** 'register' or 'update'. */
  source: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AccountTables {
  users: UserTable;
  user_shops: UserShopTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  fiscal_codes: FiscalCodeTable;
  privacy_consents: PrivacyConsentTable;
}
