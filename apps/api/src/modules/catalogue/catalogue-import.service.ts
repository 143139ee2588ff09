import {
  CATALOGUE_IMPORT_COLUMNS,
  CATALOGUE_IMPORT_REQUIRED_COLUMNS,
  type CatalogueImportColumn,
  type CatalogueImportRejection,
  type CatalogueImportReport,
  CATEGORY_SLUG_MAX_LENGTH,
  fillMessage,
  isValidEan13,
  isValidMinsan,
  minsanCheckDigit,
  messages,
  promotionPeriodProblem,
  textProblem,
} from '@farmacia/contract';
import { engineOf } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { validationFailed } from '../../errors.js';
import { optimizeSearchIndex } from '../../search/sqlite-index.js';
import { type CatalogueProductInput, slugify } from './catalogue-input.js';
import { refreshCategoryTotals, writeProducts } from './catalogue-writer.js';
import { type CsvRecord, decodeText, parseCsv } from './csv.js';
import { settlePromotionPrices } from './import-promotion-prices.js';

/**
 * The catalogue import (decision 0169; README "Catalogue import"): a semicolon-separated file
 * with the product fields of spec §3, upserted by ministerial code. Used by the CLI
 * (`npm run catalogue:import -- file.csv`) and the back office upload (in batches, with progress).
 *
 * The columns present in the header are authoritative for every row: an empty cell clears the
 * field (no description, no category, quantity 0, flag off); a column left out of the header
 * leaves that field of existing products as it is. Rows are checked one by one and a bad row is
 * reported with its line and every reason, never stopping the others; the valid rows are written
 * in one transaction (or one per batch for the back office), and writing the same file again
 * changes nothing.
 */

const M = messages.catalogueImport;

/** Limits of the stored texts. */
const MAX_LENGTH: Partial<Record<CatalogueImportColumn, number>> = {
  nome_prodotto: 200,
  descrizione: 4000,
  descrizione_ditta_1_produttrice: 200,
  descrizione_atc: 200,
  descrizione_estesa_degrassi: 200,
  descrizione_pricipio_attivo: 500,
  immagine: 500,
};
/**
 * The columns whose text may run over several lines (a quoted cell); the others are one line, as
 * the same fields are when the back office edits them (decision 0669).
 */
const MULTILINE_COLUMNS: ReadonlySet<CatalogueImportColumn> = new Set(['descrizione', 'descrizione_pricipio_attivo']);
const CATEGORY_COLUMNS = ['categoria1', 'categoria2', 'categoria3', 'categoria4'] as const;
const FLAG_COLUMNS = ['prescription_only', 'sop_otc', 'medicine', 'promo'] as const;
const PERIOD_COLUMNS = ['promo_inizio', 'promo_fine'] as const;
const TEXT_COLUMNS = [
  'descrizione',
  'descrizione_ditta_1_produttrice',
  'descrizione_atc',
  'descrizione_estesa_degrassi',
  'descrizione_pricipio_attivo',
] as const;
/** Highest accepted price, in cents (99.999,99 €). */
const MAX_PRICE_CENTS = 9_999_999;
/** Above this many written rows, the SQLite search index is merged afterwards. */
const OPTIMIZE_AFTER_ROWS = 5000;

const TRUE_VALUES = new Set(['1', 'si', 'sì', 's', 'true', 'vero', 'yes', 'y', 'x']);
const FALSE_VALUES = new Set(['0', 'no', 'n', 'false', 'falso', '']);

/**
 * A price as Italian files write it: '12,50', '1.234,56', '12.50', '€ 12,5'. Integer cents,
 * or the reason it is not a price.
 */
export function parsePrice(raw: string): { cents: number } | { problem: string } {
  const value = raw.replace(/€|\s/g, '');
  if (value === '') return { problem: M.priceMissing };
  if (/^-/.test(value)) return /^-\d/.test(value) ? { problem: M.priceNegative } : { problem: M.priceInvalid };
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value)) normalized = value.replaceAll('.', '').replace(',', '.');
  else if (/^\d+(,\d{1,2})?$/.test(value)) normalized = value.replace(',', '.');
  else if (/^\d+(\.\d{1,2})?$/.test(value)) normalized = value;
  else return { problem: M.priceInvalid };
  const [units = '0', decimals = ''] = normalized.split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) {
    return { problem: fillMessage(M.priceTooHigh, { max: '99.999,99' }) };
  }
  return { cents };
}

/**
 * A ministerial code as files write it: spaces and a leading 'A' (as printed on packs) are
 * dropped, and leading zeros that a spreadsheet removed are put back (12745093 → 012745093).
 */
export function parseCode(raw: string): { code: string } | { problem: string } {
  const value = raw.replace(/\s/g, '').replace(/^a/i, '');
  if (value === '') return { problem: M.codeMissing };
  if (!/^\d{6,9}$/.test(value)) return { problem: M.codeFormat };
  const code = value.padStart(9, '0');
  if (!isValidMinsan(code)) {
    return { problem: fillMessage(M.codeCheckDigit, { expected: minsanCheckDigit(code.slice(0, 8)) }) };
  }
  return { code };
}

/**
 * An EAN-13 as files write it (decision 0471): spaces dropped, empty for none, and the leading zero
 * a spreadsheet removed put back (a 12-digit UPC-A is the EAN-13 0 + it). `undefined` = invalid.
 */
export function parseEan(raw: string): string | null | undefined {
  const value = raw.replace(/\s/g, '');
  if (value === '') return null;
  const ean = value.length === 12 ? `0${value}` : value;
  return isValidEan13(ean) ? ean : undefined;
}

function parseFlag(raw: string): boolean | null {
  const value = raw.trim().toLowerCase();
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return null;
}

/**
 * A day of a promotion's period: 'gg/mm/aaaa' (as an Italian spreadsheet writes it) or
 * 'aaaa-mm-gg' → 'aaaa-mm-gg'; empty = open (null); anything else, or a day that does not exist,
 * undefined.
 */
function parseDay(raw: string): string | null | undefined {
  const value = raw.trim();
  if (value === '') return null;
  const italian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const day = italian ? `${italian[3]}-${italian[2]?.padStart(2, '0')}-${italian[1]?.padStart(2, '0')}` : value;
  return promotionPeriodProblem({ start: day }) === null ? day : undefined;
}

interface ParsedRow {
  input: CatalogueProductInput | null;
  code: string | null;
  reasons: string[];
}

/**
 * Why a cell's text may not be stored, as the row's reason: the text rules of every field (a NUL
 * would make PostgreSQL refuse the whole batch, SQLite store it), or undefined.
 */
function cellTextProblem(column: CatalogueImportColumn, value: string): string | undefined {
  const problem = textProblem(value, { multiline: MULTILINE_COLUMNS.has(column) });
  if (problem === undefined) return undefined;
  return fillMessage(problem === messages.validation.singleLine ? M.singleLine : M.invalidCharacters, { field: column });
}

/** Checks one row of the file against the header's columns. */
function parseRow(cells: ReadonlyMap<CatalogueImportColumn, string>): ParsedRow {
  const reasons: string[] = [];
  const cell = (column: CatalogueImportColumn) => cells.get(column);
  const text = (column: CatalogueImportColumn): string | null => {
    const value = cell(column)?.trim() ?? '';
    const max = MAX_LENGTH[column];
    if (max !== undefined && value.length > max) reasons.push(fillMessage(M.tooLong, { field: column, max }));
    const problem = cellTextProblem(column, value);
    if (problem) reasons.push(problem);
    return value === '' ? null : value;
  };

  const parsedCode = parseCode(cell('codice_ministeriale') ?? '');
  const code = 'code' in parsedCode ? parsedCode.code : null;
  if ('problem' in parsedCode) reasons.push(parsedCode.problem);

  const name = text('nome_prodotto');
  if (name === null) reasons.push(M.nameMissing);

  const price = parsePrice(cell('prezzo') ?? '');
  if ('problem' in price) reasons.push(price.problem);

  const input: Partial<CatalogueProductInput> = {};
  for (const column of TEXT_COLUMNS) {
    if (cells.has(column)) input[column] = text(column);
  }
  if (cells.has('immagine')) input.image = text('immagine');
  if (cells.has('ean')) {
    const ean = parseEan(cell('ean') ?? '');
    if (ean === undefined) reasons.push(messages.scan.eanInvalid);
    else input.ean = ean;
  }

  if (cells.has('prezzo_pieno')) {
    const raw = cell('prezzo_pieno')?.trim() ?? '';
    if (raw === '') input.list_price_cents = null;
    else {
      const listPrice = parsePrice(raw);
      if ('problem' in listPrice || ('cents' in price && listPrice.cents < price.cents)) reasons.push(M.listPriceInvalid);
      else input.list_price_cents = listPrice.cents;
    }
  }

  if (cells.has('quantita')) {
    const raw = cell('quantita')?.trim() ?? '';
    if (raw === '') input.stock = 0;
    else if (/^\d{1,9}$/.test(raw)) input.stock = Number(raw);
    else reasons.push(M.quantityInvalid);
  }

  for (const column of FLAG_COLUMNS) {
    if (!cells.has(column)) continue;
    const flag = parseFlag(cell(column) ?? '');
    if (flag === null) reasons.push(fillMessage(M.flagInvalid, { field: column }));
    else input[column] = flag;
  }
  if (cells.has('in_vendita')) {
    // An empty cell keeps the offer as it is (a new one is on sale).
    const raw = cell('in_vendita')?.trim() ?? '';
    const flag = raw === '' ? undefined : parseFlag(raw);
    if (flag === null) reasons.push(fillMessage(M.flagInvalid, { field: 'in_vendita' }));
    else if (flag !== undefined) input.on_sale = flag;
  }

  const period: Partial<Record<'promo_inizio' | 'promo_fine', string | null>> = {};
  for (const column of PERIOD_COLUMNS) {
    if (!cells.has(column)) continue;
    const day = parseDay(cell(column) ?? '');
    if (day === undefined) reasons.push(fillMessage(messages.promotionPeriod.importDayInvalid, { field: column }));
    else period[column] = day;
  }
  if (period.promo_inizio !== undefined) input.promo_start = period.promo_inizio;
  if (period.promo_fine !== undefined) input.promo_end = period.promo_fine;
  if (promotionPeriodProblem({ start: period.promo_inizio, end: period.promo_fine })?.problem === 'order') {
    reasons.push(messages.promotionPeriod.importEndBeforeStart);
  }

  if (CATEGORY_COLUMNS.some((c) => cells.has(c))) {
    const names = CATEGORY_COLUMNS.map((c) => cell(c)?.trim() ?? '');
    const path: string[] = [];
    for (const [i, name] of names.entries()) {
      const column = CATEGORY_COLUMNS[i] as (typeof CATEGORY_COLUMNS)[number];
      if (name === '') continue;
      const problem = cellTextProblem(column, name);
      if (problem) reasons.push(problem);
      else if (path.length !== i) reasons.push(fillMessage(M.categoryOrder, { field: column }));
      else if (slugify(name) === '' || name.length > CATEGORY_SLUG_MAX_LENGTH) {
        reasons.push(fillMessage(M.categoryName, { field: column }));
      } else path.push(name);
    }
    input.categorie = path;
  }

  if (reasons.length > 0 || code === null || name === null || !('cents' in price)) return { input: null, code, reasons };
  return { input: { ...input, codice_ministeriale: code, nome_prodotto: name, price_cents: price.cents }, code, reasons };
}

/** A catalogue file read and its header checked, its rows not yet. */
export interface CatalogueFile {
  names: string[];
  records: CsvRecord[];
  /** Rows that are not blank lines: what the import will report on. */
  rows: number;
  warnings: string[];
}

/**
 * Reads the file and checks its header: an empty file, a comma-separated one or a missing
 * required column stop here (422), before anything is written.
 */
export function readCatalogueFile(bytes: Uint8Array): CatalogueFile {
  const records = parseCsv(decodeText(bytes));
  const header = records.shift();
  if (!header || header.fields.every((f) => f.trim() === '')) throw validationFailed({ file: [M.emptyFile] });
  if (header.fields.length === 1 && /[,\t]/.test(header.fields[0] ?? '')) throw validationFailed({ file: [M.separator] });

  const names = header.fields.map((f) => f.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_IMPORT_COLUMNS);
  const missing = CATALOGUE_IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) throw validationFailed({ file: [fillMessage(M.missingColumns, { columns: missing.join(', ') })] });
  const warnings: string[] = [];
  const unknown = names.filter((n) => n !== '' && !known.has(n));
  if (unknown.length > 0) warnings.push(fillMessage(M.unknownColumns, { columns: unknown.join(', ') }));
  const kept = records.filter((r) => !r.fields.every((f) => f.trim() === '')); // blank lines
  return { names, records: kept, rows: kept.length, warnings };
}

export interface ImportOptions {
  /**
   * Rows checked and written per transaction, the event loop let go between batches (the back
   * office upload). Without it the whole file is one transaction (the CLI).
   */
  batchRows?: number;
  /** Called after each batch with the rows done so far. */
  onProgress?: (processedRows: number) => Promise<void> | void;
  /**
   * The shop whose offers the price list writes (issue 18). Without it: the only shop of the
   * installation; with several, the import is refused (which shop's prices would they be?).
   */
  shopId?: number;
  /**
   * A pharmacist's upload: the master columns of a product another shop also sells are left as
   * they are (only an admin changes a shared master, decision 0542); its offer is written.
   */
  keepSharedMaster?: boolean;
}

/** The shop an import writes to: the one given (it must exist), else the only one; several → 422. */
async function importShop(db: Db, shopId: number | undefined): Promise<number[]> {
  const shops = await db.selectFrom('shops').select('id').orderBy('id').execute();
  if (shopId !== undefined) {
    if (!shops.some((s) => s.id === shopId)) throw validationFailed({ shop: [fillMessage(messages.backofficeCatalogue.shopUnknown, { id: shopId })] });
    return [shopId];
  }
  if (shops.length > 1) throw validationFailed({ shop: [messages.backofficeCatalogue.shopAmbiguous] });
  return shops.map((s) => s.id);
}

/** Imports a catalogue file (its bytes); see the module comment. */
export async function importCatalogue(db: Db, bytes: Uint8Array, options: ImportOptions = {}): Promise<CatalogueImportReport> {
  return importCatalogueFile(db, readCatalogueFile(bytes), options);
}

/** Imports a file already read by {@link readCatalogueFile}. */
export async function importCatalogueFile(db: Db, file: CatalogueFile, options: ImportOptions = {}): Promise<CatalogueImportReport> {
  const { names, records } = file;
  const known = new Set<string>(CATALOGUE_IMPORT_COLUMNS);
  const rejected: CatalogueImportRejection[] = [];
  const lineOfCode = new Map<string, number>();
  const summary = { inserted: 0, updated: 0, unchanged: 0 };
  const batchRows = options.batchRows ?? Number.POSITIVE_INFINITY;
  const shopIds = await importShop(db, options.shopId);
  let inputs: CatalogueProductInput[] = [];
  let done = 0;
  const flush = async () => {
    // Promotions are struck through at the law's prior price, or their rows rejected (decision 0701).
    if (shopIds.length === 1 && inputs.length > 0) {
      const settled = await settlePromotionPrices(db, shopIds[0] as number, inputs);
      for (const [code, reason] of settled.refused) rejected.push({ line: lineOfCode.get(code) as number, codice_ministeriale: code, reasons: [reason] });
      inputs = settled.inputs;
    }
    const written = await writeProducts(db, inputs, {
      refreshTotals: batchRows === Number.POSITIVE_INFINITY,
      shopIds,
      keepSharedMaster: options.keepSharedMaster === true,
    });
    summary.inserted += written.inserted;
    summary.updated += written.updated;
    summary.unchanged += written.unchanged;
    inputs = [];
  };
  for (const record of records) {
    done++;
    const parsed = checkRecord(record, names, known);
    if ('rejection' in parsed) rejected.push(parsed.rejection);
    else {
      const firstLine = lineOfCode.get(parsed.input.codice_ministeriale);
      if (firstLine !== undefined) {
        rejected.push({
          line: record.line,
          codice_ministeriale: parsed.input.codice_ministeriale,
          reasons: [fillMessage(M.codeDuplicate, { line: firstLine })],
        });
      } else {
        lineOfCode.set(parsed.input.codice_ministeriale, record.line);
        inputs.push(parsed.input);
      }
    }
    if (done % batchRows === 0) {
      await flush();
      await options.onProgress?.(done);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  await flush();
  rejected.sort((a, b) => a.line - b.line);
  if (batchRows !== Number.POSITIVE_INFINITY && summary.inserted + summary.updated > 0) await refreshCategoryTotals(db, shopIds);
  await options.onProgress?.(done);
  if (engineOf(db) === 'sqlite' && summary.inserted + summary.updated >= OPTIMIZE_AFTER_ROWS) await optimizeSearchIndex(db);
  return { rows: file.rows, ...summary, rejected, warnings: file.warnings };
}

/** One record of the file: the product it describes, or why it is rejected. */
function checkRecord(
  record: CsvRecord,
  names: readonly string[],
  known: ReadonlySet<string>,
): { input: CatalogueProductInput } | { rejection: CatalogueImportRejection } {
  if (record.unterminated) return { rejection: { line: record.line, codice_ministeriale: null, reasons: [M.unterminatedQuote] } };
  if (record.fields.length !== names.length) {
    return {
      rejection: {
        line: record.line,
        codice_ministeriale: null,
        reasons: [fillMessage(M.fieldCount, { expected: names.length, found: record.fields.length })],
      },
    };
  }
  const cells = new Map<CatalogueImportColumn, string>();
  names.forEach((n, i) => {
    if (known.has(n)) cells.set(n as CatalogueImportColumn, record.fields[i] ?? '');
  });
  const parsed = parseRow(cells);
  if (parsed.reasons.length > 0 || !parsed.input) {
    return { rejection: { line: record.line, codice_ministeriale: parsed.code, reasons: parsed.reasons } };
  }
  return { input: parsed.input };
}
