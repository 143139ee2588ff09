import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * PostgreSQL: every category's name and slug by id, and its id by slug path, as a page shows them
 * instead of joining `categories` for each product (the search adapter's hits and category pages,
 * the product page: four joins cost more than the page). Kept per database handle with the
 * categories version (migration 0025: moved by a category added, deleted, renamed or given another
 * slug) read in the same statement, so what is kept is never older than its version.
 */
export interface KeptCategories {
  readonly version: number;
  readonly byId: ReadonlyMap<number, { name: string; slug: string }>;
  readonly byPath: ReadonlyMap<string, number>;
}

const kept = new WeakMap<object, KeptCategories>();
const CATEGORIES = CompiledQuery.raw(
  'select s.categories_version as version, c.id, c.name, c.slug, c.path from catalogue_search_state s left join categories c on true where s.id = 1',
);

/**
 * The categories kept for `db` when they were read at `version` or later (a row read at that
 * version finds its categories in them), else read now. `again`: read now whatever is kept — a
 * path found to name another category than they say (a category moved under another parent keeps
 * its name and slug, so its version).
 */
export function categoriesAt(db: Kysely<Database> | Transaction<Database>, version: number, again = false): KeptCategories | Promise<KeptCategories> {
  const held = kept.get(db);
  return held && held.version >= version && !again ? held : read(db);
}

async function read(db: Kysely<Database> | Transaction<Database>): Promise<KeptCategories> {
  const { rows } = await db.executeQuery<{ version: number | string; id: number | null; name: string; slug: string; path: string }>(CATEGORIES);
  const byId = new Map<number, { name: string; slug: string }>();
  const byPath = new Map<string, number>();
  for (const r of rows) {
    if (r.id === null) continue;
    byId.set(r.id, { name: r.name, slug: r.slug });
    byPath.set(r.path, r.id);
  }
  const categories = { version: Number(rows[0]?.version ?? 0), byId, byPath };
  kept.set(db, categories);
  return categories;
}
