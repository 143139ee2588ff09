import { type Kysely, sql } from 'kysely';
import { engineOf, index, integers, integersFrom, optionalRef, required, requiredTexts, tableWithId, texts, timestamps, uniqueIndex, withDefault } from '../column.js';

/**
 * The catalogue (decisions 0160–0163): a category tree of up to four levels, products with their
 * ancestors denormalized (cat1_id…cat4_id, so a category page is one index range), and the
 * full-text search indexes.
 *
 * `rank` is the product's popularity position (1 = best seller), unique. On SQLite it is also the
 * rowid of the FTS5 tables, so matches come out of the index already in popularity order and a
 * page stops after `rpp` rows instead of sorting every match (ARCHITECTURE §3: bm25 over a broad
 * term collapsed under load). Triggers keep both FTS5 tables in step with every write.
 * On PostgreSQL a generated tsvector (simple config + unaccent, weighted by field) and a pg_trgm
 * index on the folded name and active principle do the same job, in step by construction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await tableWithId(db, 'categories')
    .$call(optionalRef('parent_id', 'categories', 'cascade'))
    .addColumn('level', 'integer', required)
    .addColumn('slug', 'text', required)
    // Slugs of the whole path joined by '/': one unique lookup for any level.
    .addColumn('path', 'text', required)
    .$call(requiredTexts('name', 'hero_title'))
    .addColumn('description', 'text')
    .addColumn('position', 'integer', withDefault(0))
    // Products in the whole subtree, refreshed by the catalogue service after every write.
    .addColumn('tot_prodotti', 'integer', withDefault(0))
    .addColumn('last_update', 'text', required)
    .addCheckConstraint('categories_level_check', sql`level between 1 and 4`)
    .execute();
  await uniqueIndex(db, 'categories_path_unique', 'categories', ['path']);
  await index(db, 'categories_parent', 'categories', ['parent_id', 'position']);

  await tableWithId(db, 'products')
    .$call(requiredTexts('codice_ministeriale', 'nome_prodotto'))
    .$call(texts('descrizione', 'descrizione_ditta_1_produttrice', 'descrizione_atc'))
    .$call(texts('descrizione_estesa_degrassi', 'descrizione_pricipio_attivo'))
    .$call(optionalRef('category_id', 'categories', 'set null'))
    .$call(integers('cat1_id', 'cat2_id', 'cat3_id', 'cat4_id'))
    .addColumn('price_cents', 'integer', required)
    .addColumn('list_price_cents', 'integer')
    .addColumn('stock', 'integer', withDefault(0))
    // Name or URL of the picture in the leaflet image service; null = ask it for the code.
    .addColumn('image', 'text')
    .$call(integersFrom(0, 'prescription_only', 'sop_otc', 'promo'))
    .addColumn('rank', 'integer', required)
    .$call(timestamps)
    .addCheckConstraint('products_price_check', sql`price_cents >= 0`)
    .addCheckConstraint('products_stock_check', sql`stock >= 0`)
    .execute();
  await uniqueIndex(db, 'products_code_unique', 'products', ['codice_ministeriale']);
  await uniqueIndex(db, 'products_rank_unique', 'products', ['rank']);
  for (const level of [1, 2, 3, 4]) {
    await db.schema
      .createIndex(`products_cat${level}_rank`)
      .on('products')
      .columns([`cat${level}_id`, 'rank'])
      .execute();
  }
  await index(db, 'products_promo_rank', 'products', ['promo', 'rank']);

  if (engine === 'sqlite') await createSqliteSearch(db);
  else await createPostgresSearch(db);
}

async function createSqliteSearch(db: Kysely<any>): Promise<void> {
  // Words: diacritics folded, prefix indexes for the 2–4 letters people type first. Contentless
  // (the text lives in products) with contentless_delete so rows can be removed and replaced.
  // `inizio` holds the first word of the name only: "the name starts with…" is then a lookup in
  // a short doclist, not a scan of every product containing the word (decision 0165). Codes are
  // not in it: they are found through the products' own unique index (decision 0166).
  await sql`create virtual table product_search using fts5(
    nome, inizio, principio, ditta, atc,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4',
    content = '', contentless_delete = 1)`.execute(db);
  // Substrings of the name ('pirina' finds TACHIPIRINA).
  await sql`create virtual table product_search_trigram using fts5(
    nome, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1)`.execute(db);
  // The index's own vocabulary, for prefix expansion and spelling correction.
  await sql`create virtual table product_search_vocab using fts5vocab(product_search, 'row')`.execute(db);
  // `version` moves with every index change (the search adapter reloads its vocabulary then).
  // `deferred` lets a bulk load index its new products in one set-based statement, about 2.5×
  // faster than one trigger run per row (decision 0163): it is only ever 1 inside the writer's
  // own transaction, which indexes the new rows itself before committing.
  await sql`create table catalogue_search_state (
    id integer primary key check (id = 1),
    version integer not null,
    deferred integer not null default 0)`.execute(db);
  await sql`insert into catalogue_search_state (id, version) values (1, 0)`.execute(db);

  const insertBoth = (row: 'new') => sql.raw(`
    insert into product_search (rowid, nome, inizio, principio, ditta, atc)
      values (${row}.rank, ${row}.nome_prodotto,
              substr(trim(${row}.nome_prodotto), 1, instr(trim(${row}.nome_prodotto) || ' ', ' ') - 1),
              ${row}.descrizione_pricipio_attivo, ${row}.descrizione_ditta_1_produttrice, ${row}.descrizione_atc);
    insert into product_search_trigram (rowid, nome) values (${row}.rank, ${row}.nome_prodotto);
    update catalogue_search_state set version = version + 1 where id = 1;`);
  const deleteBoth = (row: 'old') => sql.raw(`
    delete from product_search where rowid = ${row}.rank;
    delete from product_search_trigram where rowid = ${row}.rank;
    update catalogue_search_state set version = version + 1 where id = 1;`);

  await sql`create trigger products_search_insert after insert on products
    when (select deferred from catalogue_search_state where id = 1) = 0
    begin ${insertBoth('new')} end`.execute(db);
  await sql`create trigger products_search_delete after delete on products begin ${deleteBoth('old')} end`.execute(db);
  // Only when an indexed field changes: a stock or price update leaves the index alone.
  await sql`create trigger products_search_update after update of
      nome_prodotto, descrizione_pricipio_attivo, descrizione_ditta_1_produttrice, descrizione_atc, rank on products
    begin ${deleteBoth('old')} ${insertBoth('new')} end`.execute(db);
}

async function createPostgresSearch(db: Kysely<any>): Promise<void> {
  // Both are trusted extensions (PostgreSQL ≥ 13): the database owner may create them.
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); with the dictionary named it is safe
  // to declare IMMUTABLE, which generated columns and index expressions require.
  await sql`create or replace function farmacia_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);
  // The 'simple' configuration, not 'italian': the stemmer conflates product words (mani → man).
  // Weights say where a word was found: A name, B active principle, C manufacturer, D ATC.
  await sql`alter table products add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', farmacia_unaccent(nome_prodotto)), 'A') ||
      setweight(to_tsvector('simple', farmacia_unaccent(coalesce(descrizione_pricipio_attivo, ''))), 'B') ||
      setweight(to_tsvector('simple', farmacia_unaccent(coalesce(descrizione_ditta_1_produttrice, ''))), 'C') ||
      setweight(to_tsvector('simple', farmacia_unaccent(coalesce(descrizione_atc, ''))), 'D')
    ) stored`.execute(db);
  // Folded name (for the name-prefix tier) and name + active principle (for substrings and typos).
  await sql`alter table products add column search_name text generated always as (
      lower(farmacia_unaccent(nome_prodotto))) stored`.execute(db);
  await sql`alter table products add column search_text text generated always as (
      lower(farmacia_unaccent(nome_prodotto || ' ' || coalesce(descrizione_pricipio_attivo, '')))) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
  await sql`create index products_search_text_trgm on products using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['products_search_insert', 'products_search_delete', 'products_search_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    for (const table of ['product_search_vocab', 'product_search_trigram', 'product_search', 'catalogue_search_state']) {
      await sql`drop table if exists ${sql.id(table)}`.execute(db);
    }
  } else {
    await sql`drop function if exists farmacia_unaccent(text) cascade`.execute(db);
  }
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('categories').execute();
}
