import { type CatalogueImportJob, CatalogueImportJobResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueProductInput } from '../../src/modules/catalogue/catalogue-input.js';
import { seedTestCatalogue } from '../../src/modules/catalogue/test-catalogue.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { bearer } from './users.js';

/** An app on a fresh database holding the 500-product test catalogue, and those products. */
export async function buildCatalogueTestApp(): Promise<{ t: TestApp; products: CatalogueProductInput[] }> {
  const t = await buildTestApp();
  return { t, products: await seedTestCatalogue(t.app) };
}

/** A catalogue import job once it has ended (the upload answers 202 at once and runs it behind), read as `token`'s caller. */
export async function finishedImport(app: FastifyInstance, token: string, id: number): Promise<CatalogueImportJob> {
  for (let i = 0; i < 500; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: bearer(token) });
    const job = CatalogueImportJobResponseSchema.parse(res.json()).data;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`catalogue import ${id} did not end`);
}
