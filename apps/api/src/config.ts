import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type FaultPause, parseFaultPause } from './plugins/fault-pause.js';

/**
 * Server configuration, read once from the environment and frozen.
 * Secrets that are not given are generated on first start and kept in DATA_DIR,
 * so tokens stay valid across restarts without any set-up.
 */
const EnvSchema = z.object({
  /** 'production' fails closed: no generated secrets, no demo defaults (decision 0415). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'FILE_ENCRYPTION_KEY must be 64 hex characters')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Farmacia <noreply@farmacia.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_MODE: z.enum(['sandbox', 'live']).optional(),
  /** Bearer token for the payment sandbox's control routes (POST /sandbox/control/settle); decision 0416. */
  SANDBOX_CONTROL_TOKEN: z.string().min(16).optional(),
  WEB_DIST: z.string().optional(),
  BACKOFFICE_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  DEMO_CATALOGUE_SIZE: z.coerce.number().int().min(0).default(3000),
  LEAFLET_IMAGE_BASE_URL: z.string().url().optional(),
  OUTBOX_WORKER: z.enum(['0', '1']).default('1'),
  SMS_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().optional(),
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['0', '1']).default('0'),
  CHATBOT_LLM_URL: z.string().url().optional(),
  CHATBOT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  CHATBOT_LLM_API_KEY: z.string().optional(),
  /**
   * Which proxies may set X-Forwarded-For: unset/'0' none (the client's socket address counts),
   * '1' any hop, or a comma list of the proxies' addresses/CIDRs. Per-IP abuse limits
   * are only as good as this: trusting every hop would let a client pick its own address.
   */
  TRUST_PROXY: z.string().default('0'),
  /** Sign-ups allowed per IP address per hour (raised only for the browser journeys, which all come from 127.0.0.1). */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Searches allowed per IP address per minute; 0 = no limit (benchmarks, browser journeys). */
  SEARCH_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** Bearer token that opens GET /metrics (Prometheus); unset = /metrics answers 404 (docs/ops.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where uploaded files live: 'disk' (DATA_DIR/files) or 's3' (an S3-compatible bucket, S3_* below). */
  BLOB_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Test-only fault injection (apps/api/src/plugins/fault-pause.ts); never set in production. */
  FARMACIA_FAULT_PAUSE: z.string().optional(),
});

function trustProxyOf(value: string): boolean | string {
  if (value === '0' || value === '' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value;
}

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface Config {
  /** NODE_ENV=production: the demo's defaults are refused (decision 0415). */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  engine: DatabaseEngine;
  /** PostgreSQL connection string, or the SQLite file path (':memory:' allowed). */
  databaseUrl: string;
  jwtSecret: string;
  fileEncryptionKey: Buffer;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  paymentMode: 'sandbox' | 'live';
  /**
   * The token the sandbox's control routes demand; undefined in the local demo only, where they
   * stay open (decision 0416). In production an unset token keeps them shut.
   */
  sandboxControlToken: string | undefined;
  /** Folder of the built web app; undefined when it is not built. */
  webDist: string | undefined;
  /** Folder of the built back office (served at /backoffice); undefined when it is not built. */
  backofficeDist: string | undefined;
  seedDemo: boolean;
  demoCatalogueSize: number;
  /** Leaflet image service for product pictures ('{code}' is replaced); undefined = drawn pictures. */
  leafletImageBaseUrl: string | undefined;
  /** Whether this process delivers the outbox (mail, push, sms) in the background; tests flush it by hand. */
  outboxWorker: boolean;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the trusted proxies. */
  trustProxy: boolean | string;
  registerLimitPerHour: number;
  /** Searches per IP address per minute (GET /api/product/search); 0 = no limit. */
  searchLimitPerMinute: number;
  /** SMS gateway (JSON POST { to, text, reference }); unset = sms are only logged. */
  smsUrl: string | undefined;
  smsToken: string | undefined;
  /** Accept http:// and local Web Push endpoints (tests, a local push service); never in production. */
  pushAllowInsecureEndpoints: boolean;
  /** Optional OpenAI-compatible chat completions endpoint for the assistant; never required. */
  chatbotLlm: { url: string; model: string; apiKey: string | undefined } | undefined;
  /** Token for GET /metrics; undefined = metrics not served. */
  metricsToken: string | undefined;
  /** The BlobStore adapter: local disk, or an S3-compatible bucket (path-style requests, SigV4). */
  blobStore: { kind: 'disk' } | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Test-only: hold one statement's result inside its transaction (crash-safety tests). */
  faultPause: FaultPause | undefined;
}

function readOrCreateSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = make();
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** What a production start must be given: never a generated secret or a demo default (decision 0415). */
const PRODUCTION_REQUIRED = {
  PAYMENT_MODE: 'PAYMENT_MODE must be set to live or sandbox when NODE_ENV=production',
  JWT_SECRET: 'JWT_SECRET must be given when NODE_ENV=production (at least 32 characters)',
  FILE_ENCRYPTION_KEY: 'FILE_ENCRYPTION_KEY must be given when NODE_ENV=production (64 hex characters)',
  PUBLIC_URL: 'PUBLIC_URL must be given when NODE_ENV=production (the address customers open, e.g. https://farmacia.example.it)',
} as const;

/** Thrown for a configuration that must not start; its message is the one line the operator reads. */
export class ConfigError extends Error {}

/** A process's last word when it cannot start: a configuration problem is one line, anything else its stack. */
export function exitOnStartFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? `farmacia: ${error.message}` : error);
  process.exit(1);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    for (const [name, line] of Object.entries(PRODUCTION_REQUIRED)) {
      if (!e[name as keyof typeof PRODUCTION_REQUIRED]) throw new ConfigError(`Invalid environment: ${line}`);
    }
  }
  // The crash tests' fault hook has no business in a live deployment.
  if (e.FARMACIA_FAULT_PAUSE && (e.PAYMENT_MODE === 'live' || production)) throw new ConfigError('Invalid environment: FARMACIA_FAULT_PAUSE is for tests only');
  if (e.BLOB_STORE === 's3' && !(e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid environment: BLOB_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const isPostgres = e.DATABASE_URL?.startsWith('postgres') ?? false;
  const hex32 = () => randomBytes(32).toString('hex');
  const port = overrides.port ?? e.PORT;
  const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
  const webDist = e.WEB_DIST ?? (existsSync(path.join(defaultWebDist, 'index.html')) ? defaultWebDist : undefined);
  const defaultBackofficeDist = path.resolve(import.meta.dirname, '../../backoffice/dist');
  const backofficeDist =
    e.BACKOFFICE_DIST ?? (existsSync(path.join(defaultBackofficeDist, 'index.html')) ? defaultBackofficeDist : undefined);
  const config: Config = {
    production,
    port,
    host: e.HOST,
    dataDir,
    engine: isPostgres ? 'postgres' : 'sqlite',
    databaseUrl: isPostgres ? (e.DATABASE_URL as string) : (e.DATABASE_URL ?? path.join(dataDir, 'farmacia.sqlite')),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret', hex32),
    fileEncryptionKey: Buffer.from(
      e.FILE_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'file-encryption-key', hex32),
      'hex',
    ),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    paymentMode: e.PAYMENT_MODE ?? 'sandbox',
    sandboxControlToken: e.SANDBOX_CONTROL_TOKEN,
    webDist,
    backofficeDist,
    // The demo seeds an empty database by default; production only when told (SEED_DEMO=1).
    seedDemo: (e.SEED_DEMO ?? (production ? '0' : '1')) === '1',
    demoCatalogueSize: e.DEMO_CATALOGUE_SIZE,
    leafletImageBaseUrl: e.LEAFLET_IMAGE_BASE_URL,
    outboxWorker: e.OUTBOX_WORKER === '1',
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    registerLimitPerHour: e.REGISTER_LIMIT_PER_HOUR,
    searchLimitPerMinute: e.SEARCH_LIMIT_PER_MINUTE,
    smsUrl: e.SMS_URL,
    smsToken: e.SMS_TOKEN,
    pushAllowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS === '1',
    chatbotLlm: e.CHATBOT_LLM_URL
      ? { url: e.CHATBOT_LLM_URL, model: e.CHATBOT_LLM_MODEL, apiKey: e.CHATBOT_LLM_API_KEY }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    blobStore:
      e.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT as string,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
          }
        : { kind: 'disk' },
    faultPause: parseFaultPause(e.FARMACIA_FAULT_PAUSE),
    ...overrides,
  };
  return Object.freeze(config);
}
