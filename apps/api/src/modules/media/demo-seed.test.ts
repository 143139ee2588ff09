import { LoyaltyCardListResponseSchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { seedDemo } from '../../db/seed/index.js';

describe(`demo pharmacy: shifts, flyer and loyalty (${testEngine})`, () => {
  const t = useTestApp({ outboxWorker: false, demoCatalogueSize: 30 }, seedDemo);

  it('points the turni and volantino options at PDFs the app serves', async () => {
    for (const key of ['turni', 'volantino'] as const) {
      const option = await t.app.inject({ method: 'GET', url: `/api/option/${key}?shop_id=1` });
      const path = (option.json() as { data: string }).data;
      expect(path).toBe(`/api/media/${key}.pdf?shop_id=1`);
      const pdf = await t.app.inject({ method: 'GET', url: path });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    }
    const turni = (await t.app.inject({ method: 'GET', url: '/api/media/turni.pdf?shop_id=1' })).rawPayload.toString('latin1');
    expect(turni).toContain('Farmacia San Marco \\(questa farmacia\\)');
    const flyer = (await t.app.inject({ method: 'GET', url: '/api/media/volantino.pdf?shop_id=1' })).rawPayload.toString('latin1');
    expect(flyer).toContain('(Protezione solare -20%) Tj');
  });

  it('gives the demo customer a loyalty card with points', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cliente@farmacia.demo', password: 'Farmacia2026!' },
    });
    const token = (login.json() as { token: string }).token;
    const res = await t.app.inject({ method: 'GET', url: '/api/fidelityCard', headers: { authorization: `Bearer ${token}` } });
    const [card] = LoyaltyCardListResponseSchema.parse(res.json()).data;
    expect(card?.score).toBe(240);
    expect(card?.barcode).toBeTruthy();
  });
});
