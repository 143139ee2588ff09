import type { Executor } from '../../db/database.js';
import * as repo from './shops.repository.js';

/**
 * The writes other modules make to a shop's settings: the seeds, the first-run setup, the health
 * data retention and the media links store their option, content page or image here, each an
 * insert-or-replace by key so running them twice changes nothing.
 */

export async function setShopOption(db: Executor, shopId: number, key: string, value: string, at: string): Promise<void> {
  await repo.upsertOption(db, shopId, key, value, at);
}

export async function setShopContent(db: Executor, shopId: number, key: string, html: string, at: string): Promise<void> {
  await repo.upsertContent(db, shopId, key, html, at);
}

export async function setShopMedia(db: Executor, row: Parameters<typeof repo.upsertMedia>[1]): Promise<void> {
  await repo.upsertMedia(db, row);
}
