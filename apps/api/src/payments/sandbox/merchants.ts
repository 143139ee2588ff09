import { randomBytes } from 'node:crypto';
import { romeWallClock } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { browserUrl, type ResolvedProviderConfigs, resolveProviderConfigs } from '../config.js';

/**
 * The sandbox's merchant registry: a real provider knows its merchants' credentials; ours reads
 * them from the shops' configuration (the same place the adapters read them from).
 */
export async function findMerchant<K extends keyof ResolvedProviderConfigs>(
  app: FastifyInstance,
  provider: K,
  matches: (config: NonNullable<ResolvedProviderConfigs[K]>) => boolean,
): Promise<{ shopId: number; config: NonNullable<ResolvedProviderConfigs[K]> } | undefined> {
  const shops = await app.db.selectFrom('shops').select('id').orderBy('id').execute();
  for (const shop of shops) {
    const config = (await resolveProviderConfigs(app, shop.id))[provider];
    if (config && matches(config as NonNullable<ResolvedProviderConfigs[K]>)) {
      return { shopId: shop.id, config: config as NonNullable<ResolvedProviderConfigs[K]> };
    }
  }
  return undefined;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random uppercase letters and digits (authorization codes, PayPal-style ids). */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

/** Random digits (Axerve paymentID). */
export function randomDigits(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += String(b % 10);
  return out;
}

/** Now in Italy as Nexi writes it: data 'yyyymmdd', orario 'hhmmss'. */
export function romeStamp(now: Date = new Date()): { data: string; orario: string } {
  const { day, time } = romeWallClock(now);
  return { data: day.replaceAll('-', ''), orario: time.replaceAll(':', '') };
}

/** A URL with extra query parameters (a provider appends its answer to the merchant's URL). */
export function appendQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Where a sandbox page sends the buyer back: the merchant's URL with the provider's answer, as a path of this server. */
export function buyerRedirect(app: FastifyInstance, url: string, params: Record<string, string>): string {
  return browserUrl(app.config.publicUrl, appendQuery(url, params));
}
