import type { CreatedAt, WithId } from '../../db/row.js';

export interface ErrorLogTable extends WithId, CreatedAt {
  user_id: number | null;
  message: string;
  /** JSON text, capped. */
  context: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ErrorLogTables {
  error_logs: ErrorLogTable;
}
