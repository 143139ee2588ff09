import { ErrorCode, HealthDataErrorCode, messages, PrescriptionCreateBodySchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, randomFiscalCode } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import { createPrescription, listPrescriptions } from '../prescriptions/prescriptions.service.js';
import { giveHealthConsent, healthConsentState, withdrawHealthConsent } from './health-consent.service.js';

/**
 * The consent to process health data (GDPR art. 9, decision 0410) as services with a plain
 * context (issue 16): no prescription is stored without it, and withdrawing it deletes what has
 * not reached the pharmacy yet.
 */
describe('health consent, domain: refusal without it', () => {
  let d: DomainContext;
  let shopId: number;

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia San Marco'));
  });
  afterAll(() => d.close());

  const meta = { ip: '127.0.0.1', userAgent: 'domain test' };
  const refused = { code: HealthDataErrorCode.CONSENT_REQUIRED, kind: ErrorCode.FORBIDDEN, message: messages.healthData.required };

  it('refuses a prescription before the consent, accepts it once given, refuses again once withdrawn', async () => {
    const codiceFiscale = randomFiscalCode();
    const { user } = await createUser(d.ctx, { shopId, codiceFiscale, healthConsent: false });
    const owner = { userId: user.id, shopId };
    // Through the electronic health record: no file, no NRE to type.
    const input = PrescriptionCreateBodySchema.parse({ fse_consent: true, codice_fiscale: codiceFiscale, file: null });

    await expect(createPrescription(d.ctx, owner, input)).rejects.toMatchObject(refused);
    expect(await listPrescriptions(d.ctx, owner)).toEqual([]);

    await giveHealthConsent(d.ctx, user.id, meta);
    await createPrescription(d.ctx, owner, input);
    expect(await listPrescriptions(d.ctx, owner)).toHaveLength(1);

    d.clock.advance(60_000);
    expect((await withdrawHealthConsent(d.ctx, user.id)).valid).toBe(false);
    // What was still in the cart goes with the consent.
    expect(await listPrescriptions(d.ctx, owner)).toEqual([]);
    await expect(createPrescription(d.ctx, owner, input)).rejects.toMatchObject(refused);
    expect((await healthConsentState(d.ctx, user.id)).latest?.withdrawn_at).toBe(d.clock.now().toISOString());
  });
});
