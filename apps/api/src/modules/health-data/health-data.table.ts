import type { Selectable } from 'kysely';
import type { WithId } from '../../db/row.js';

/** One consent to process health data (decision 0410): given for a text version, stamped when withdrawn. */
export interface HealthConsentTable extends WithId {
  user_id: number;
  version: string;
  given_at: string;
  withdrawn_at: string | null;
  /** Where it was given from (accountability, as for the privacy consents). */
  ip: string | null;
  user_agent: string | null;
}
export type HealthConsentRow = Selectable<HealthConsentTable>;

export interface HealthDataTables {
  health_consents: HealthConsentTable;
}
