import type { WithId } from '../../db/row.js';

export interface ErrorLogTable extends WithId {
  user_id: number | null;
  message: string;
  /** JSON text, capped. */
  context: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface ErrorLogTables {
  error_logs: ErrorLogTable;
}
