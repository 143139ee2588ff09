import type { Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

export interface CatalogueImportJobTable extends WithId, Timestamped {
  shop_id: number;
  user_id: number;
  file_name: string | null;
  status: 'running' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
  /** The import's report as JSON text, once done. */
  report: string | null;
  error: string | null;
  finished_at: string | null;
}
export type CatalogueImportJobRow = Selectable<CatalogueImportJobTable>;

export interface AdminCatalogueTables {
  catalogue_import_jobs: CatalogueImportJobTable;
}
