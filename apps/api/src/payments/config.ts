import { createHmac } from 'node:crypto';
import type { ServiceContext } from '../context.js';
import { z } from 'zod';
import type { Executor } from '../db/database.js';
import { findRow } from '../db/row-queries.js';
import { GestpayProvider } from './gestpay.js';
import { createHttpClient, type HttpClient } from './http.js';
import { NexiProvider } from './nexi.js';
import { PaypalProvider } from './paypal.js';
import type { PaymentProvider, ProviderName } from './provider.js';

/**
 * Each shop's provider credentials live in its private option `payment_providers` (JSON; not a
 * public option, so /option and /optionsClean never answer it). With PAYMENT_MODE=sandbox every
 * provider is the built-in sandbox of this server, whatever URL the option names; a shop without
 * credentials gets sandbox ones derived from the server's secret, so the flow always runs.
 */
export const PAYMENT_PROVIDERS_OPTION = 'payment_providers';

const NexiOptionSchema = z.object({
  alias: z.string().min(1),
  macKey: z.string().min(1),
  url: z.url().optional(),
  /** The terminal's XPay REST API key (refunds) and its base URL. */
  apiKey: z.string().min(1).optional(),
  apiUrl: z.url().optional(),
});
const GestpayOptionSchema = z.object({ shopLogin: z.string().min(1), apiKey: z.string().min(1), apiUrl: z.url().optional() });
const PaypalOptionSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  webhookId: z.string().min(1),
  apiUrl: z.url().optional(),
});

export const PaymentProvidersOptionSchema = z.object({
  nexi: NexiOptionSchema.optional(),
  gestpay: GestpayOptionSchema.optional(),
  paypal: PaypalOptionSchema.optional(),
});
export type PaymentProvidersOption = z.infer<typeof PaymentProvidersOptionSchema>;

/** Production endpoints, used in live mode when the option names none. */
export const LIVE_URLS = {
  nexi: 'https://ecommerce.nexi.it/ecomm/ecomm/DispatcherServlet',
  nexiApi: 'https://xpay.nexigroup.com/api/phoenix-0.0/psp/api/v1',
  gestpay: 'https://ecomms2s.sella.it/api/v1',
  paypal: 'https://api-m.paypal.com',
} as const;

/**
 * What the web app's CSP must allow in live mode: the card form posts to Axerve (connect-src),
 * the Nexi form is submitted to the hosted page (form-action); production and test endpoints.
 * PayPal is a plain navigation, which the CSP does not restrict.
 */
export const LIVE_PAYMENT_CSP = {
  connectSrc: ['https://ecomms2s.sella.it', 'https://sandbox.gestpay.net'],
  formAction: ['https://ecommerce.nexi.it', 'https://int-ecommerce.nexi.it'],
} as const;

/**
 * A URL the buyer's browser is sent to, as it should follow it: a URL of this very server becomes
 * a path, so the browser stays on the address it opened the app at (127.0.0.1, a LAN address…)
 * whatever PUBLIC_URL says — a sandbox URL on another origin is refused by the page's CSP, and a
 * redirect to it would land on an origin where the user is not logged in. Other URLs (a real
 * provider's) are kept as they are. Server-to-server URLs (notifications) stay absolute.
 */
export function browserUrl(publicUrl: string, url: string): string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url;
  }
  if (target.origin !== new URL(publicUrl).origin) return url;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Where the sandbox answers, under this server's public URL. */
export function sandboxUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    nexi: `${base}/sandbox/nexi/ecomm/ecomm/DispatcherServlet`,
    nexiApi: `${base}/sandbox/nexi/api/phoenix-0.0/psp/api/v1`,
    gestpay: `${base}/sandbox/gestpay/api/v1`,
    paypal: `${base}/sandbox/paypal`,
  };
}

export interface ResolvedProviderConfigs {
  nexi: { url: string; alias: string; macKey: string; apiUrl: string; apiKey: string | null } | null;
  gestpay: { apiUrl: string; shopLogin: string; apiKey: string } | null;
  paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string } | null;
}

/** The sandbox's secret, derived from the server's own (never the JWT key itself). */
export function sandboxSecret(ctx: ServiceContext): string {
  return createHmac('sha256', ctx.config.jwtSecret).update('payment-sandbox').digest('hex');
}

/** Sandbox credentials of a shop that configured none. */
export function defaultSandboxCredentials(ctx: ServiceContext, shopId: number): Required<PaymentProvidersOption> {
  const derive = (label: string) => createHmac('sha256', sandboxSecret(ctx)).update(`${label}:${shopId}`).digest('hex');
  return {
    nexi: { alias: `ALIAS_SANDBOX_${shopId}`, macKey: derive('nexi-mac').slice(0, 32), apiKey: derive('nexi-apikey').slice(0, 36) },
    gestpay: { shopLogin: `GESPAY${String(shopId).padStart(5, '0')}`, apiKey: derive('gestpay-apikey').slice(0, 40) },
    paypal: {
      clientId: `sandbox-client-${shopId}`,
      clientSecret: derive('paypal-secret').slice(0, 40),
      webhookId: `WH-SANDBOX-${shopId}`,
    },
  };
}

async function readOption(db: Executor, shopId: number): Promise<PaymentProvidersOption> {
  const row = await findRow(db, 'options', { shop_id: shopId, key: PAYMENT_PROVIDERS_OPTION });
  if (!row) return {};
  try {
    const parsed = PaymentProvidersOptionSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The credentials and endpoints each provider uses for a shop, as the mode dictates. */
export async function resolveProviderConfigs(ctx: ServiceContext, shopId: number): Promise<ResolvedProviderConfigs> {
  const option = await readOption(ctx.db, shopId);
  if (ctx.config.paymentMode === 'sandbox') {
    const urls = sandboxUrls(ctx.config.publicUrl);
    const fallback = defaultSandboxCredentials(ctx, shopId);
    const nexi = option.nexi ?? fallback.nexi;
    const gestpay = option.gestpay ?? fallback.gestpay;
    const paypal = option.paypal ?? fallback.paypal;
    return {
      nexi: { url: urls.nexi, alias: nexi.alias, macKey: nexi.macKey, apiUrl: urls.nexiApi, apiKey: nexi.apiKey ?? fallback.nexi.apiKey ?? null },
      gestpay: { apiUrl: urls.gestpay, shopLogin: gestpay.shopLogin, apiKey: gestpay.apiKey },
      paypal: { apiUrl: urls.paypal, clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId },
    };
  }
  return {
    nexi: option.nexi
      ? {
          url: option.nexi.url ?? LIVE_URLS.nexi,
          alias: option.nexi.alias,
          macKey: option.nexi.macKey,
          apiUrl: option.nexi.apiUrl ?? LIVE_URLS.nexiApi,
          apiKey: option.nexi.apiKey ?? null,
        }
      : null,
    gestpay: option.gestpay
      ? { apiUrl: option.gestpay.apiUrl ?? LIVE_URLS.gestpay, shopLogin: option.gestpay.shopLogin, apiKey: option.gestpay.apiKey }
      : null,
    paypal: option.paypal
      ? {
          apiUrl: option.paypal.apiUrl ?? LIVE_URLS.paypal,
          clientId: option.paypal.clientId,
          clientSecret: option.paypal.clientSecret,
          webhookId: option.paypal.webhookId,
        }
      : null,
  };
}

/** The adapter of one provider for a shop, or null when the shop has not configured it (live mode). */
export async function providerFor(
  ctx: ServiceContext,
  shopId: number,
  name: ProviderName,
  http: HttpClient = createHttpClient(ctx),
): Promise<PaymentProvider | null> {
  const configs = await resolveProviderConfigs(ctx, shopId);
  switch (name) {
    case 'nexi':
      return configs.nexi ? new NexiProvider(configs.nexi, http) : null;
    case 'gestpay':
      return configs.gestpay ? new GestpayProvider(configs.gestpay, http) : null;
    case 'paypal':
      return configs.paypal ? new PaypalProvider(configs.paypal, http) : null;
  }
}
