import type { Selectable } from 'kysely';
import type { WithId } from '../../db/row.js';

export interface AuditLogTable extends WithId {
  user_id: number | null;
  role: string;
  shop_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  reason: string | null;
  ip: string | null;
  at: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
