import { fillMessage, isPromotionRunning, type OpeningHours, type Promotion, shopDocumentMessages } from '@farmacia/contract';
import { perDatabase } from '../../db/per-database.js';
import { AppError } from '../../errors.js';
import { addDays, romeDay } from '../bookings/index.js';
import { getMedia, getOption, type MediaFile, mediaFile } from '../shops/index.js';
import * as repo from './media.repository.js';
import type { DutyShiftRow } from './media.table.js';
import { type PdfBlock, renderPdf } from './pdf.js';
import type { ServiceContext } from '../../context.js';

/**
 * The two PDFs of the app (spec §2 Promotions and Shifts): the flyer (`volantino`) and the
 * on-duty shifts (`turni`). A shop that uploaded its own file (shop media `volantino.pdf` /
 * `turni.pdf`) gets it served as is; otherwise the server renders one from the shop's own data —
 * its promotions option and its duty-shift calendar — so the documents are always current.
 */

export type ShopPdfKind = 'turni' | 'volantino';

/** How far ahead the shifts document and the assistant look. */
export const SHIFTS_HORIZON_DAYS = 60;

const CACHE_MS = 60_000;
const cacheOf = perDatabase(() => new Map<string, { file: MediaFile; until: number }>());

const dayFormat = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** '2026-11-28' → 'Sabato 28 novembre 2026'. */
export const longItalianDay = (day: string) => capitalize(dayFormat.format(new Date(`${day}T00:00:00Z`)));
/** '2026-11-28' → '28/11/2026'. */
export const shortItalianDay = (day: string) => shortDayFormat.format(new Date(`${day}T00:00:00Z`));

/** '08:30'–'20:00', or 'dalle 20:00 alle 08:30 del giorno dopo' for a night shift. */
export function shiftHours(shift: Pick<DutyShiftRow, 'start_time' | 'end_time'>): string {
  const hours = shift.end_time <= shift.start_time ? shopDocumentMessages.nightShiftHours : shopDocumentMessages.shiftHours;
  return fillMessage(hours, { start: shift.start_time, end: shift.end_time });
}

async function shopLabel(ctx: ServiceContext, shopId: number): Promise<{ name: string; phone: string | null; hours: string | null }> {
  const [name, phone, hours] = await Promise.all([
    getOption(ctx, shopId, 'shop_name'),
    getOption(ctx, shopId, 'call_number'),
    getOption(ctx, shopId, 'open_on'),
  ]);
  const shop = await ctx.db.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst();
  return {
    name: typeof name === 'string' && name ? name : (shop?.name ?? shopDocumentMessages.shopFallbackName),
    phone: typeof phone === 'string' && phone ? phone : null,
    hours: (hours as OpeningHours | null)?.text ?? null,
  };
}

/** The shop's upcoming duty shifts (today and the next SHIFTS_HORIZON_DAYS − 1 days). */
export function upcomingShifts(ctx: ServiceContext, shopId: number, today = romeDay(new Date())): Promise<DutyShiftRow[]> {
  return repo.listDutyShifts(ctx.db, shopId, today, addDays(today, SHIFTS_HORIZON_DAYS - 1));
}

/** Shifts of one day, and the night shift of the day before that runs into it. */
export async function shiftsOn(ctx: ServiceContext, shopId: number, day: string): Promise<DutyShiftRow[]> {
  const rows = await repo.listDutyShifts(ctx.db, shopId, addDays(day, -1), day);
  return rows.filter((r) => r.day === day || r.end_time <= r.start_time);
}

async function renderShifts(ctx: ServiceContext, shopId: number, today: string): Promise<Buffer> {
  const shop = await shopLabel(ctx, shopId);
  const shifts = await upcomingShifts(ctx, shopId, today);
  const last = addDays(today, SHIFTS_HORIZON_DAYS - 1);
  const texts = shopDocumentMessages.shifts;
  const blocks: PdfBlock[] = [
    { text: shop.name, size: 20, bold: true },
    { text: texts.title, size: 14, bold: true, spaceBefore: 4 },
    { text: fillMessage(texts.period, { from: shortItalianDay(today), to: shortItalianDay(last) }), muted: true },
    { text: texts.dutyNote, size: 10, spaceBefore: 8 },
  ];
  if (shifts.length === 0) {
    blocks.push({ text: texts.none, spaceBefore: 16 });
  }
  let currentDay = '';
  for (const s of shifts) {
    if (s.day !== currentDay) {
      currentDay = s.day;
      blocks.push({ text: longItalianDay(s.day), bold: true, size: 12, spaceBefore: 12 });
    }
    const who = s.is_own_shop === 1 ? fillMessage(texts.ownShop, { pharmacy: s.pharmacy_name }) : s.pharmacy_name;
    blocks.push({ text: `${capitalize(shiftHours(s))} · ${who}` });
    blocks.push({ text: [s.address, s.phone ? fillMessage(texts.phone, { phone: s.phone }) : null].filter(Boolean).join(' · '), muted: true, size: 10 });
  }
  blocks.push({
    text: [shop.phone ? fillMessage(texts.information, { phone: shop.phone }) : null, fillMessage(texts.updated, { day: shortItalianDay(today) })]
      .filter(Boolean)
      .join(' '),
    size: 9,
    muted: true,
    spaceBefore: 18,
  });
  return renderPdf({ title: fillMessage(texts.documentTitle, { shop: shop.name }), author: shop.name, blocks, createdAt: new Date(`${today}T00:00:00Z`) });
}

async function renderFlyer(ctx: ServiceContext, shopId: number, today: string): Promise<Buffer> {
  const shop = await shopLabel(ctx, shopId);
  const all = ((await getOption(ctx, shopId, 'promotions')) as Promotion[] | null) ?? [];
  // Running today, or starting within 30 days (decision 0530's rule at both ends of that window).
  const current = all.filter(
    (p) => isPromotionRunning({ start: p.valid_from }, addDays(today, 30)) && isPromotionRunning({ end: p.valid_to }, today),
  );
  const texts = shopDocumentMessages.flyer;
  const blocks: PdfBlock[] = [
    { text: shop.name, size: 20, bold: true },
    { text: texts.title, size: 14, bold: true, spaceBefore: 4 },
    { text: fillMessage(texts.updated, { day: shortItalianDay(today) }), muted: true },
  ];
  if (current.length === 0) blocks.push({ text: texts.none, spaceBefore: 16 });
  for (const p of current) {
    blocks.push({ text: p.title, bold: true, size: 13, spaceBefore: 14 });
    blocks.push({ text: p.description });
    const validity = [
      p.valid_from ? fillMessage(texts.validFrom, { day: shortItalianDay(p.valid_from) }) : '',
      p.valid_to ? fillMessage(texts.validTo, { day: shortItalianDay(p.valid_to) }) : '',
    ].filter(Boolean);
    if (validity.length > 0) blocks.push({ text: fillMessage(texts.valid, { period: validity.join(' ') }), muted: true, size: 10 });
  }
  blocks.push({
    text: [
      texts.terms,
      shop.hours ? fillMessage(texts.hours, { hours: shop.hours }) : null,
      shop.phone ? fillMessage(texts.phone, { phone: shop.phone }) : null,
    ]
      .filter(Boolean)
      .join(' '),
    size: 9,
    muted: true,
    spaceBefore: 18,
  });
  return renderPdf({ title: fillMessage(texts.documentTitle, { shop: shop.name }), author: shop.name, blocks, createdAt: new Date(`${today}T00:00:00Z`) });
}

/** The flyer or shifts PDF of a shop: its uploaded file, else one rendered from its data. */
export async function shopPdf(ctx: ServiceContext, shopId: number, kind: ShopPdfKind): Promise<MediaFile> {
  try {
    return await getMedia(ctx, shopId, `${kind}.pdf`);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'NOT_FOUND') throw error;
  }
  const today = romeDay(new Date());
  const version = kind === 'turni' ? await repo.dutyShiftsVersion(ctx.db, shopId) : JSON.stringify(await getOption(ctx, shopId, 'promotions'));
  const key = `${shopId}\u0000${kind}\u0000${today}\u0000${version}`;
  const cache = cacheOf(ctx.db);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.file;
  const bytes = kind === 'turni' ? await renderShifts(ctx, shopId, today) : await renderFlyer(ctx, shopId, today);
  const file = mediaFile('application/pdf', bytes);
  if (cache.size > 200) cache.clear();
  cache.set(key, { file, until: Date.now() + CACHE_MS });
  return file;
}
