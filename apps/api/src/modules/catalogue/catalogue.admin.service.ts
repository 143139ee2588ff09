import {
  type AdminProduct,
  type AdminProductUpdate,
  type AdminPromotion,
  type CatalogueImportJob,
  CatalogueImportReportSchema,
  centsToEuro,
  ErrorCode,
  euroToCents,
  fillMessage,
  formatCents,
  formatDate,
  isPromotionRunning,
  messages,
  promotionDay,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { audit } from '../audit/index.js';
import { type CatalogueFile, importCatalogueFile, readCatalogueFile } from './catalogue-import.service.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { type Tx, writeProductsIn } from './catalogue-writer.js';
import { pricedOffers, promotionPrice } from './offer-price-history.js';
import { findStoredProductByCode, offeredByAnotherShop, PRODUCT_TEXT_COLUMNS } from './catalogue.repository.js';
import type { ProductRecord } from './catalogue.table.js';
import type { CatalogueImportJobRow } from './catalogue.admin.table.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The back office's catalogue (issue 8, decision 0295). An upload becomes an import job: the
 * header is checked at once (422), then the rows are checked and written in batches by the
 * catalogue import (decision 0169) while the page polls the job's progress. One product is edited
 * through the catalogue writer, so categories, totals and the search index follow as for an
 * import; every change is audited in its own transaction.
 */

const M = messages.backofficeCatalogue;

/** Rows per transaction of an upload: small enough to let other requests in between. */
export const IMPORT_BATCH_ROWS = 500;

/**
 * A running job whose progress has not moved for this long was lost with its server (a batch takes
 * well under a second): it is reported as failed.
 */
const STALLED_AFTER_MS = 2 * 60 * 1000;

/** Imports under way in this process, awaited when the server closes. */
const running = new WeakMap<object, Set<Promise<void>>>();

export async function drainImports(ctx: ServiceContext): Promise<void> {
  await Promise.allSettled([...(running.get(ctx.db) ?? [])]);
}

function jobOf(row: CatalogueImportJobRow): CatalogueImportJob {
  return {
    id: row.id,
    file_name: row.file_name,
    status: row.status,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    report: row.report === null ? null : CatalogueImportReportSchema.parse(JSON.parse(row.report)),
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** 413 with the limit in MB, before the body is read when its length is declared. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, M.fileTooLarge.replace('{max}', String(Math.round(maxBytes / 1024 / 1024))));
}

/**
 * `POST /admin/catalogue/imports`: checks the file's header (422 when it cannot be imported),
 * records the job and starts the import; answers the job at 0 rows.
 */
export async function startImport(ctx: ActorContext, body: unknown, fileName: string | undefined): Promise<CatalogueImportJob> {
  if (!(body instanceof Uint8Array) || body.length === 0) throw validationFailed({ file: [M.fileRequired] });
  const file = readCatalogueFile(body);
  const now = nowIso();
  const job = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('catalogue_import_jobs')
      .values({
        shop_id: ctx.actor.shopId,
        user_id: ctx.actor.id,
        file_name: fileName ?? null,
        status: 'running',
        total_rows: file.rows,
        processed_rows: 0,
        report: null,
        error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, ctx, { action: 'import', entity: 'catalogue', entityId: row.id, after: { file_name: fileName ?? null, rows: file.rows } });
    return row;
  });
  const work = runImport(ctx, job.id, file);
  const set = running.get(ctx.db) ?? new Set();
  running.set(ctx.db, set);
  set.add(work);
  void work.finally(() => set.delete(work));
  return jobOf(job);
}

/** The import itself, after the answer: progress per batch, then the report (or why it stopped). */
async function runImport(ctx: ActorContext, jobId: number, file: CatalogueFile): Promise<void> {
  const jobs = () => ctx.db.updateTable('catalogue_import_jobs').where('id', '=', jobId);
  try {
    // The pharmacist's own shop's offers (issue 18); a shared master stays an admin's to change.
    const report = await importCatalogueFile(ctx.db, file, {
      shopId: ctx.actor.shopId,
      keepSharedMaster: ctx.actor.role !== 'admin',
      batchRows: IMPORT_BATCH_ROWS,
      onProgress: async (processed) => {
        await jobs().set({ processed_rows: processed, updated_at: nowIso() }).execute();
      },
    });
    await ctx.db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx
        .updateTable('catalogue_import_jobs')
        .where('id', '=', jobId)
        .set({ status: 'done', processed_rows: file.rows, report: JSON.stringify(report), updated_at: now, finished_at: now })
        .execute();
      const { rejected, ...counts } = report;
      await audit(tx, ctx, { action: 'import-done', entity: 'catalogue', entityId: jobId, after: { ...counts, rejected: rejected.length } });
    });
  } catch (error) {
    ctx.log.error({ err: error, jobId }, 'catalogue import failed');
    const now = nowIso();
    await jobs()
      .set({ status: 'failed', error: M.importInterrupted, updated_at: now, finished_at: now })
      .execute()
      .catch(() => undefined);
  }
}

/** `GET /admin/catalogue/imports/{id}`: a job started from the caller's shop (another shop's: 404). */
export async function getImport(ctx: ServiceContext, shopId: number, id: number): Promise<CatalogueImportJob> {
  const row = await ctx.db.selectFrom('catalogue_import_jobs').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  if (!row) throw notFound(M.importNotFound);
  if (row.status === 'running' && Date.now() - Date.parse(row.updated_at) > STALLED_AFTER_MS) {
    // Its server stopped mid-import: say so instead of a progress bar that never moves.
    const now = nowIso();
    const failed = { status: 'failed' as const, error: M.importInterrupted, updated_at: now, finished_at: now };
    await ctx.db.updateTable('catalogue_import_jobs').set(failed).where('id', '=', row.id).where('status', '=', 'running').execute();
    return jobOf({ ...row, ...failed });
  }
  return jobOf(row);
}

// --- One product -----------------------------------------------------------------------------------

function adminProductOf(r: ProductRecord): AdminProduct {
  return {
    codice_ministeriale: r.codice_ministeriale,
    nome_prodotto: r.nome_prodotto,
    descrizione: r.descrizione ?? null,
    descrizione_ditta_1_produttrice: r.descrizione_ditta_1_produttrice,
    descrizione_atc: r.descrizione_atc,
    descrizione_estesa_degrassi: r.descrizione_estesa_degrassi ?? null,
    descrizione_pricipio_attivo: r.descrizione_pricipio_attivo,
    categorie: [r.cat1_name, r.cat2_name, r.cat3_name, r.cat4_name].filter((n): n is string => n !== null),
    prezzo: centsToEuro(r.price_cents),
    prezzo_pieno: r.list_price_cents === null ? null : centsToEuro(r.list_price_cents),
    quantita: r.stock,
    immagine: r.image,
    prescription_only: r.prescription_only === 1,
    sop_otc: r.sop_otc === 1,
    medicine: r.medicine === 1,
    promo: r.promo === 1,
    promo_inizio: r.promo_start,
    promo_fine: r.promo_end,
    promo_in_corso: r.promo === 1 && isPromotionRunning({ start: r.promo_start, end: r.promo_end }, promotionDay()),
    in_vendita: r.on_sale === true,
    updated_at: r.updated_at,
  };
}

/**
 * The product as shop `shopId` stores its offer (promotion and price as set, whatever the day); a
 * product that shop has no offer of is another shop's: 404 (issue 18).
 */
async function productIn(db: Tx | ServiceContext['db'], shopId: number, code: string): Promise<ProductRecord> {
  const row = await findStoredProductByCode(db, shopId, code);
  if (!row?.offered) throw notFound(M.productNotFound);
  return row;
}

export async function getProduct(ctx: ServiceContext, shopId: number, code: string): Promise<AdminProduct> {
  return adminProductOf(await productIn(ctx.db, shopId, code));
}

/** Whether an edit's value of a master field is what the product already has (then it changes nothing). */
function sameMasterValue(before: ProductRecord, key: (typeof MASTER_FIELDS)[number], value: unknown): boolean {
  if (key === 'categorie') {
    const path = [before.cat1_name, before.cat2_name, before.cat3_name, before.cat4_name].filter((n) => n !== null);
    return (value as string[]).join('\u0000') === path.join('\u0000');
  }
  if (key === 'prescription_only' || key === 'sop_otc' || key === 'medicine') return Boolean(value) === (before[key] === 1);
  return (before[key as keyof ProductRecord] ?? null) === value;
}

/** What an edit may change of a product's master (everything but the offer): see {@link changeProduct}. */
const MASTER_FIELDS = [
  ...PRODUCT_TEXT_COLUMNS,
  'categorie',
  'image',
  'prescription_only',
  'sop_otc',
  'medicine',
] as const;

type ProductChange = Omit<CatalogueProductInput, 'codice_ministeriale' | 'nome_prodotto' | 'price_cents'> & {
  nome_prodotto?: string;
  price_cents?: number;
};

/**
 * Writes one product's change through the catalogue writer and records it (before/after) in the
 * same transaction.
 */
async function changeProduct(
  ctx: ActorContext,
  shopId: number,
  code: string,
  action: string,
  change: (before: ProductRecord, tx: Tx) => ProductChange | Promise<ProductChange>,
): Promise<AdminProduct> {
  return ctx.db.transaction().execute(async (tx) => {
    const before = await productIn(tx, shopId, code);
    const changes = await change(before, tx);
    // The master is shared (decision 0542): a pharmacist changes it only while no other shop sells the product.
    const touchesMaster = MASTER_FIELDS.some((key) => changes[key] !== undefined && !sameMasterValue(before, key, changes[key]));
    if (touchesMaster && ctx.actor.role !== 'admin' && (await offeredByAnotherShop(tx, shopId, code))) {
      throw new AppError(ErrorCode.FORBIDDEN, M.masterShared);
    }
    const { nome_prodotto, price_cents, ...rest } = changes;
    await writeProductsIn(
      tx,
      [{ ...rest, codice_ministeriale: code, nome_prodotto: nome_prodotto ?? before.nome_prodotto, price_cents: price_cents ?? before.price_cents }],
      { shopIds: [shopId] },
    );
    const after = adminProductOf(await productIn(tx, shopId, code));
    await audit(tx, ctx, { action, entity: 'product', entityId: code, before: adminProductOf(before), after });
    return after;
  });
}

/** `PUT /admin/catalogue/products/{code}`: the fields sent. */
export async function updateProduct(ctx: ActorContext, shopId: number, code: string, body: AdminProductUpdate): Promise<AdminProduct> {
  return changeProduct(ctx, shopId, code, 'update', (before) => {
    const price = body.prezzo === undefined ? undefined : euroToCents(body.prezzo);
    // On promotion, the selling price stays below the struck-through one.
    if (price !== undefined && before.promo === 1 && before.list_price_cents !== null && price >= before.list_price_cents) {
      throw validationFailed({ prezzo: [M.listPriceBelowPrice] });
    }
    const input: ProductChange = {};
    if (body.nome_prodotto !== undefined) input.nome_prodotto = body.nome_prodotto;
    if (price !== undefined) input.price_cents = price;
    for (const key of [
      'descrizione',
      'descrizione_ditta_1_produttrice',
      'descrizione_atc',
      'descrizione_estesa_degrassi',
      'descrizione_pricipio_attivo',
    ] as const) {
      if (body[key] !== undefined) input[key] = body[key];
    }
    if (body.immagine !== undefined) input.image = body.immagine;
    if (body.quantita !== undefined) input.stock = body.quantita;
    if (body.categorie !== undefined) input.categorie = body.categorie;
    if (body.prescription_only !== undefined) input.prescription_only = body.prescription_only;
    if (body.sop_otc !== undefined) input.sop_otc = body.sop_otc;
    if (body.medicine !== undefined) input.medicine = body.medicine;
    if (body.in_vendita !== undefined) input.on_sale = body.in_vendita;
    return input;
  });
}

/**
 * `PUT /admin/catalogue/products/{code}/promotion`: on promotion at `prezzo`, struck through at the
 * law's prior price read from the shop's price history (decision 0701); a `prezzo_pieno` sent must
 * be that price. Read in the write's transaction, so the history cannot move in between.
 */
export async function setPromotion(ctx: ActorContext, shopId: number, code: string, body: AdminPromotion): Promise<AdminProduct> {
  return changeProduct(ctx, shopId, code, 'promotion', async (_before, tx) => {
    const price_cents = euroToCents(body.prezzo);
    const offer = (await pricedOffers(tx, shopId, [code])).get(code);
    const settled = promotionPrice(offer?.history ?? [], {
      priceCents: price_cents,
      start: body.promo_inizio,
      typedCents: body.prezzo_pieno === undefined ? null : euroToCents(body.prezzo_pieno),
    });
    if ('problem' in settled) {
      if (settled.problem === 'never-sold') throw validationFailed({ prezzo: [fillMessage(M.priorPriceNeverSold, { day: formatDate(settled.day) })] });
      const prior = formatCents(settled.priorCents);
      if (settled.problem === 'differs') throw validationFailed({ prezzo_pieno: [fillMessage(M.priorPriceDiffers, { prior })] });
      if (settled.problem === 'run-up') {
        throw validationFailed({ promo_inizio: [fillMessage(M.priorPriceRunUp, { prior, today: formatCents(settled.todayCents) })] });
      }
      throw validationFailed({ prezzo: [fillMessage(M.priorPriceNotAbove, { prior })] });
    }
    return { price_cents, list_price_cents: settled.listPriceCents, promo: true, promo_start: body.promo_inizio, promo_end: body.promo_fine };
  });
}

/** `DELETE /admin/catalogue/products/{code}/promotion`: back to the full price. */
export async function clearPromotion(ctx: ActorContext, shopId: number, code: string): Promise<AdminProduct> {
  return changeProduct(ctx, shopId, code, 'promotion-end', (before) => ({
    promo: false,
    promo_start: null,
    promo_end: null,
    ...(before.promo === 1 && before.list_price_cents !== null ? { price_cents: before.list_price_cents } : {}),
  }));
}
