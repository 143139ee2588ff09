import path from 'node:path';
import pino from 'pino';
import type { Config } from '../src/config.js';
import type { Actor, ActorContext, Clock, ServiceContext } from '../src/context.js';
import { OutboxWorker } from '../src/notify/outbox.js';
import { RateLimiter } from '../src/plugins/rate-limit.js';
import { EncryptedBlobStore } from '../src/storage/encrypted-blob-store.js';
import { LocalDiskBlobStore } from '../src/storage/local-disk-blob-store.js';
import { createShop } from './factories/users.js';
import { openTestDatabase } from './test-database.js';

/**
 * The services of a test database as a plain context, without the web framework: what the
 * domain suites (`*.domain.test.ts`) call services with. Same database and configuration as an
 * API suite's app (test-database.ts), the files encrypted on the test's own folder, the outbox
 * never started (its messages stay in the table to be read) and no HTTP at all.
 */

/** A clock the test moves; it starts at the real time. */
export interface MovableClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function movableClock(start: Date = new Date()): MovableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface DomainContext {
  ctx: ServiceContext;
  config: Config;
  clock: MovableClock;
  /** The context of a call made by `actor` (a pharmacist's action, a customer's request). */
  as(actor: Pick<Actor, 'id' | 'shopId' | 'role'> & Partial<Pick<Actor, 'sessionId'>>): ActorContext;
  close(): Promise<void>;
}

export async function buildServiceContext(overrides: Partial<Config> = {}): Promise<DomainContext> {
  const testDb = await openTestDatabase({ outboxWorker: false, ...overrides });
  const { config, database } = testDb;
  const log = pino({ level: 'silent' });
  const clock = movableClock();
  const ctx: ServiceContext = {
    db: database.db,
    config,
    engine: database.engine,
    log,
    clock,
    rateLimiter: new RateLimiter(database.db),
    blobStore: new EncryptedBlobStore(new LocalDiskBlobStore(path.join(config.dataDir, 'files')), config.fileEncryptionKey),
    outbox: new OutboxWorker(database.db, log),
    inject: () => {
      throw new Error('no HTTP in domain tests');
    },
  };
  return {
    ctx,
    config,
    clock,
    as: (actor) => ({
      ...ctx,
      actor: { sessionId: 0, ...actor },
      ip: '127.0.0.1',
      userAgent: 'domain test',
      audited: false,
    }),
    close: () => testDb.close(),
  };
}

/** A plain context with one shop in its database: where most domain suites start. */
export async function serviceContextWithShop(shopName: string): Promise<{ d: DomainContext; shopId: number }> {
  const d = await buildServiceContext();
  return { d, shopId: await createShop(d.ctx, shopName) };
}
