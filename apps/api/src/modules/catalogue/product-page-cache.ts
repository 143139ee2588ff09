import { type Product, promotionDay } from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { readPagesVersion } from './catalogue.repository.js';

/**
 * Product pages kept in memory per shop and code (decision 0585). A page is the master product, the
 * shop's offer and four categories — the most expensive read of the public API — and changes only
 * with a catalogue write; so each request reads the catalogue's pages version (one row, moved by
 * triggers on every such write, migration 0135) and the day the promotions are judged on, and
 * answers from memory while both stay. Any instance's write is seen at the next request, here and
 * on every other instance; a new day drops every page (a promotion may start or end).
 *
 * A page is kept only when it was read after the version the cache holds: pages read while another
 * request saw a newer version are not stored, so no page older than its version is ever served.
 */
export class ProductPageCache {
  private readonly pages = new Map<string, Product>();
  private version = '';
  private day = '';

  constructor(
    private readonly db: Db,
    /** Pages kept at most (the oldest stored goes first): ~1 KB each. */
    private readonly capacity = 20_000,
  ) {}

  async page(shopId: number, code: string, read: () => Promise<Product>): Promise<Product> {
    const version = await readPagesVersion(this.db);
    const day = promotionDay();
    if (version !== this.version || day !== this.day) {
      this.pages.clear();
      this.version = version;
      this.day = day;
    }
    const key = `${shopId}/${code}`;
    const kept = this.pages.get(key);
    if (kept) return kept;
    const page = await read();
    if (this.version === version && this.day === day) {
      if (this.pages.size >= this.capacity) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(key, page);
    }
    return page;
  }
}
