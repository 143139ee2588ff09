import { HEALTH_CONSENT_TEXT, HEALTH_CONSENT_VERSION, type HealthConsentState, healthConsentValid } from '@farmacia/contract';
import { deleteAllPrescriptionsInCart } from '../prescriptions/index.js';
import { deleteAllProductRequestsInCart } from '../product-requests/index.js';
import { latestConsent } from './health-consent.guard.js';
import type { HealthConsentRow } from './health-data.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * The consent to process health data (GDPR art. 9, decision 0410): given for one text version,
 * withdrawable, checked before a prescription or a product/galenica request is saved. Every
 * consent given is a row (the history is the proof); withdrawal stamps the latest one.
 */

function stateOf(latest: HealthConsentRow | undefined): HealthConsentState {
  return {
    valid: healthConsentValid(latest),
    latest: latest ? { version: latest.version, given_at: latest.given_at, withdrawn_at: latest.withdrawn_at } : null,
    current_version: HEALTH_CONSENT_VERSION,
    text: HEALTH_CONSENT_TEXT,
  };
}

export async function healthConsentState(ctx: ServiceContext, userId: number): Promise<HealthConsentState> {
  return stateOf(await latestConsent(ctx, userId));
}

/** Records the consent to the current text; a consent already in force for it is kept as it is. */
export async function giveHealthConsent(
  ctx: ServiceContext,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<HealthConsentState> {
  const latest = await latestConsent(ctx, userId);
  if (healthConsentValid(latest)) return stateOf(latest);
  await ctx.db
    .insertInto('health_consents')
    .values({
      user_id: userId,
      version: HEALTH_CONSENT_VERSION,
      given_at: ctx.clock.now().toISOString(),
      withdrawn_at: null,
      ip: meta.ip,
      user_agent: meta.userAgent,
    })
    .execute();
  ctx.log.info({ userId, version: HEALTH_CONSENT_VERSION }, 'health data consent given');
  return healthConsentState(ctx, userId);
}

/**
 * Withdraws the consent. What was not sent to the pharmacy yet — prescriptions and requests still
 * in the customer's carts — is deleted with its files; what belongs to orders already placed stays
 * with the pharmacy to fulfil them and goes at the end of the retention (decision 0410).
 */
export async function withdrawHealthConsent(ctx: ServiceContext, userId: number): Promise<HealthConsentState> {
  const latest = await latestConsent(ctx, userId);
  if (latest && latest.withdrawn_at === null) {
    await ctx.db
      .updateTable('health_consents')
      .set({ withdrawn_at: ctx.clock.now().toISOString() })
      .where('id', '=', latest.id)
      .where('withdrawn_at', 'is', null)
      .execute();
    ctx.log.info({ userId }, 'health data consent withdrawn');
  }
  const carts = await ctx.db.selectFrom('carts').select('id').where('user_id', '=', userId).execute();
  for (const cart of carts) {
    await deleteAllPrescriptionsInCart(ctx, cart.id);
    await deleteAllProductRequestsInCart(ctx, cart.id);
  }
  return healthConsentState(ctx, userId);
}
