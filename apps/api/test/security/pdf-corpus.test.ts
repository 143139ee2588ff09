import { ApiErrorBodySchema, fillMessage, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { uploadOf } from '../factories/cart.js';
import { BENIGN_PDFS, HOSTILE_PDFS } from '../fixtures/pdf/corpus.js';
import { bearer, type CreatedUser, createUser, randomFiscalCode } from '../factories/users.js';

/**
 * The hostile PDF corpus through the real upload routes (issue 21): each file is refused with the
 * Italian message on `file` and nothing is stored; the Ghostscript prescriptions and scans are
 * stored. The check runs in a worker thread (pdf-scan-pool.ts), so this also proves that path.
 */
describe(`PDF uploads fail closed (${testEngine})`, () => {
  let t: TestApp;
  let owner: CreatedUser;
  const ownCode = randomFiscalCode();
  const productRequest = (file: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cart/product_requests', headers: bearer(owner.token), payload: { type: 'search', note: 'Come questa', file } });
  const prescription = (file: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cart/prescriptions', headers: bearer(owner.token), payload: { mode: 'file', codice_fiscale: ownCode, file } });
  const fileRows = async () => Number((await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, { codiceFiscale: ownCode });
  });
  afterAll(() => t.close());

  it.each(HOSTILE_PDFS.map((p) => [p.file, p.reason, p.bytes] as const))('refuses %s (%s)', async (file, _, bytes) => {
    const before = await fileRows();
    const name = file.replace('hostile/', '');
    for (const send of [productRequest, prescription]) {
      const res = await send(uploadOf(name, bytes));
      expect(res.statusCode, res.body).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors?.file).toEqual([fillMessage(messages.file.invalidFormat, { name })]);
    }
    expect(await fileRows()).toBe(before);
  });

  it.each(BENIGN_PDFS.map((p) => [p.file, p.bytes] as const))('stores the prescription %s', async (file, bytes) => {
    for (const send of [productRequest, prescription]) {
      const res = await send(uploadOf(file, bytes));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('answers concurrent uploads each with its own verdict', async () => {
    const mixed = [HOSTILE_PDFS[0]!, BENIGN_PDFS[0]!, HOSTILE_PDFS[2]!, BENIGN_PDFS[1]!];
    const answers = await Promise.all(mixed.map((p) => productRequest(uploadOf('ricetta.pdf', p.bytes))));
    expect(answers.map((r) => r.statusCode)).toEqual([422, 201, 422, 201]);
  });
});
