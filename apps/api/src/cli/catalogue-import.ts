/**
 * `npm run catalogue:import -- <file.csv> [--shop <id>] [--json]`: imports a semicolon-separated
 * catalogue file into the database the server uses (DATABASE_URL, or the SQLite file in
 * DATA_DIR), then prints what it did and every rejected row with its line and reasons (README
 * "Catalogue import"). The price list's columns are shop `--shop`'s offers (issue 18); without
 * it, the only shop's — with several shops and no `--shop` the import is refused.
 *
 * Exit status: 0 every row imported or unchanged, 3 some rows rejected (the others are
 * imported), 1 the file could not be imported at all, 2 wrong usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type CatalogueImportReport, fillMessage, operatorCliMessages } from '@farmacia/contract';
import { importCatalogue } from '../modules/catalogue/index.js';
import { onMigratedDatabase } from './migrated-database.js';

const texts = operatorCliMessages.catalogueImport;

function describe(report: CatalogueImportReport): string {
  const lines = [
    fillMessage(texts.rows, { count: report.rows }),
    fillMessage(texts.inserted, { count: report.inserted }),
    fillMessage(texts.updated, { count: report.updated }),
    fillMessage(texts.unchanged, { count: report.unchanged }),
    fillMessage(texts.rejected, { count: report.rejected.length }),
  ];
  for (const warning of report.warnings) lines.push(fillMessage(texts.warning, { warning }));
  for (const r of report.rejected) {
    const values = { line: r.line, code: r.codice_ministeriale ?? '', reasons: r.reasons.join(' ') };
    lines.push(fillMessage(r.codice_ministeriale ? texts.rejectedRowWithCode : texts.rejectedRow, values));
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { json: { type: 'boolean', default: false }, shop: { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  const shopId = values.shop === undefined ? undefined : Number(values.shop);
  if (!file || positionals.length > 1 || (shopId !== undefined && !(Number.isInteger(shopId) && shopId > 0))) {
    console.error(texts.usage);
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    console.error(fillMessage(texts.unreadable, { file, reason: (error as Error).message }));
    return 1;
  }
  return onMigratedDatabase(texts.failed, async (db) => {
    const report = await importCatalogue(db, bytes, shopId === undefined ? {} : { shopId });
    console.log(values.json ? JSON.stringify(report, null, 2) : describe(report));
    return report.rejected.length > 0 ? 3 : 0;
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
