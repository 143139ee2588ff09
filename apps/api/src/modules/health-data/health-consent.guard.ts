import { ErrorCode, HealthDataErrorCode, healthConsentValid, messages } from '@farmacia/contract';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { HealthConsentRow } from './health-data.table.js';

/** The user's latest consent row (the one in force, if any). */
export function latestConsent(ctx: ServiceContext, userId: number): Promise<HealthConsentRow | undefined> {
  return ctx.db.selectFrom('health_consents').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Called by every route that receives health data before it stores anything: without a consent in
 * force for the current text, 403 HEALTH_CONSENT_REQUIRED with the Italian reason (decision 0410).
 */
export async function assertHealthConsent(ctx: ServiceContext, userId: number): Promise<void> {
  if (healthConsentValid(await latestConsent(ctx, userId))) return;
  throw new AppError(HealthDataErrorCode.CONSENT_REQUIRED, messages.healthData.required, { kind: ErrorCode.FORBIDDEN });
}
