import type { Generated } from 'kysely';

export interface ErrorLogTable {
  id: Generated<number>;
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
