import {
  CHAT_FAILURE_REPLY,
  type ChatButton,
  type ChatReply,
  chatbotMessages as T,
  countText,
  fillMessage as fill,
  formatEuro,
  isInStock,
  type Order,
  orderStatusListLabel,
  type Reservation,
  runningPromotions,
} from '@farmacia/contract';
import type { ProductSearch } from '../../search/product-search.js';
import { toProductHit } from '../catalogue/index.js';
import { listCards } from '../loyalty/index.js';
import { longItalianDay, shiftHours, shiftsOn, shortItalianDay } from '../media/index.js';
import type { DutyShiftRow } from '../media/index.js';
import { listOrders } from '../orders/index.js';
import { listOwn } from '../bookings/index.js';
import { addDays, isoWeekday, romeParts } from '../bookings/index.js';
import type { FaqEntry } from './faq.js';
import type { ShopFacts } from './knowledge.js';
import { contentTokens, hasPrefix, normalize, STOP_WORDS, similarStems, words } from './text.js';
import type { ServiceContext } from '../../context.js';

/**
 * The virtual assistant (ARCHITECTURE §4): a retrieval assistant over the shop's own data. The
 * message is normalized (text.ts), matched against intents in a fixed priority — personal status
 * (orders, bookings, loyalty), on-duty shifts, opening hours, contacts, the FAQ, services,
 * catalogue, promotions, prescriptions — and answered with replies of spec §3 (response, link,
 * textLink, suggestions, buttons). Nothing matched: the spec's failure reply (decision 0246).
 */

export interface ChatUser {
  id: number;
  shopId: number;
}

export interface ChatContext {
  services: ServiceContext;
  facts: ShopFacts;
  search: ProductSearch;
  user: ChatUser | null;
  now: Date;
}

/** Follow-up questions offered under a greeting and under the failure reply. */
export const STARTER_SUGGESTIONS: string[] = [...T.starters];

function reply(response: string, extra: Partial<Omit<ChatReply, 'response'>> = {}): ChatReply {
  return { response, link: null, textLink: null, suggestions: [], buttons: [], ...extra };
}

export const failureReply = (): ChatReply => ({ ...CHAT_FAILURE_REPLY, suggestions: STARTER_SUGGESTIONS });

// --- Cues ---------------------------------------------------------------------------------------

const CUES = {
  greeting: ['ciao', 'buongiorno', 'buonasera', 'buondi', 'salve', 'hey', 'ehi', 'hello', 'hola'],
  thanks: ['grazie', 'ringrazi', 'gentilissim'],
  bye: ['arrivederci', 'addio'],
  hours: ['orari', 'orario', 'apert', 'aprite', 'aprono', 'apre', 'riapr', 'chius', 'chiud', 'lavorate'],
  shifts: ['turn', 'guardia', 'notturn', 'stanotte', 'reperibil'],
  contact: ['telefon', 'numero', 'chiam', 'contatt', 'whatsapp', 'cellular', 'recapit', 'email', 'mail', 'parlar', 'farmacista'],
  help: ['aiuto', 'help', 'info', 'informazion', 'assistenza'],
  address: ['dove', 'indirizz', 'raggiung', 'arrivar', 'mappa', 'ubicaz'],
  order: ['ordin', 'spedi', 'pacco', 'acquist'],
  delivery: ['consegn'],
  booking: ['prenotaz', 'prenotat', 'appuntament'],
  /** Whole words (not prefixes): short words such as 'ho' would match too much as prefixes. */
  personal: ['mio', 'mia', 'miei', 'mie', 'ho', 'stato', 'punto', 'arriva', 'arrivato', 'quando', 'traccia', 'annullare', 'disdire', 'cancellare'],
  product: [
    'avete',
    'avreste',
    'vendete',
    'disponibil',
    'prezz',
    'costa',
    'costo',
    'comprar',
    'acquistar',
    'cerco',
    'serve',
    'prodott',
  ],
  /** Whole words: 'farmaci' as a prefix would match 'farmacia'. */
  productWords: ['farmaco', 'farmaci', 'medicina', 'medicine', 'medicinale', 'medicinali'],
  loyalty: ['fedelt', 'fidelity', 'punti', 'tessera'],
  promotions: ['offert', 'scont', 'promoz', 'promo', 'volantin', 'saldi'],
  prescription: ['ricett', 'nre', 'impegnativ', 'prescriz'],
  services: ['serviz', 'prenot', 'esam', 'test', 'analisi', 'vaccin', 'tampon', 'misur', 'controll', 'check'],
} as const;

/** Words that only frame a product question, removed before searching the catalogue. */
const PRODUCT_FRAME = new Set(
  `avete avreste vendete vendi hai ce c e disponibile disponibili disponibilita prezzo prezzi costa costano costo quanto
  viene vengono comprare acquistare cerco cercavo serve servirebbe servono mi ci vi la il lo le gli i un una uno del della
  dei degli delle di da in per prodotto prodotti farmaco farmaci medicina medicinale qualcosa qualche voi ancora sapere
  vorrei volevo potete potreste dirmi se anche tra che ciao buongiorno buonasera salve grazie favore quali quale sono
  e ed o dove come avere sapete`.split(/\s+/),
);

const WEEKDAYS = ['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'];

/** The day a message asks about: oggi / domani / dopodomani / a weekday (next one, today included). */
function askedDay(w: readonly string[], today: string): { day: string; label: string } | null {
  if (w.includes('dopodomani')) return { day: addDays(today, 2), label: T.days.afterTomorrow };
  if (w.includes('domani')) return { day: addDays(today, 1), label: T.days.tomorrow };
  if (w.some((x) => x === 'oggi' || x === 'stasera' || x === 'stanotte' || x === 'adesso' || x === 'ora')) {
    return { day: today, label: T.days.today };
  }
  const index = WEEKDAYS.findIndex((d) => w.includes(d));
  if (index < 0) return null;
  const ahead = (index + 1 - isoWeekday(today) + 7) % 7;
  return { day: addDays(today, ahead), label: WEEKDAYS[index] as string };
}

const hhmm = (t: string) => t.slice(0, 5).replace(/^0(\d)/, '$1');
const dayName = (day: string) => longItalianDay(day).split(' ')[0]?.toLowerCase() ?? '';

// --- Answers ------------------------------------------------------------------------------------

function hoursAnswer(ctx: ChatContext, w: readonly string[]): ChatReply {
  const { facts } = ctx;
  const hours = facts.hours;
  if (!hours) {
    const contact = facts.phone ? fill(T.hours.callUs, { phone: facts.phone }) : T.hours.contactShop;
    return reply(fill(T.hours.unknown, { shop: facts.name, contact }));
  }
  const { day: today, time } = romeParts(ctx.now.getTime());
  const intervalsOf = (day: string) => hours.week.find((d) => d.day === isoWeekday(day))?.intervals ?? [];
  const fmt = (iv: Array<{ from: string; to: string }>) => iv.map((i) => fill(T.hours.interval, { from: hhmm(i.from), to: hhmm(i.to) })).join(T.hours.and);
  const asked = askedDay(w, today);
  const suggestions = [T.ask.shiftsToday, T.ask.phone];
  const week = fill(T.hours.week, { shop: facts.name, hours: hours.text });
  const dayLine = (day: string, when: string) => {
    const iv = intervalsOf(day);
    return iv.length === 0 ? fill(T.hours.dayClosed, { when: capital(when) }) : fill(T.hours.dayOpen, { when: capital(when), intervals: fmt(iv) });
  };
  if (asked && asked.day !== today) {
    const relative = asked.label === T.days.tomorrow || asked.label === T.days.afterTomorrow;
    const when = relative ? fill(T.hours.relativeDay, { label: asked.label, weekday: dayName(asked.day) }) : dayName(asked.day);
    const closed = intervalsOf(asked.day).length === 0;
    return reply(`${dayLine(asked.day, when)} ${week}`, {
      ...(closed ? { link: '/app/shift', textLink: T.links.shifts } : {}),
      suggestions,
    });
  }
  // "Siete aperti sabato?" asked on a Saturday: that day's hours, then whether we are open now.
  const todayLine = asked && asked.label !== T.days.today ? `${dayLine(today, fill(T.hours.todayDay, { weekday: dayName(today) }))} ` : '';
  const now = time.slice(0, 5);
  const todays = intervalsOf(today);
  const open = todays.find((i) => i.from <= now && now < i.to);
  let status: string;
  if (open) {
    status = fill(T.hours.openNow, { to: hhmm(open.to) });
  } else {
    let next: { day: string; from: string } | null = null;
    const later = todays.find((i) => i.from > now);
    if (later) next = { day: today, from: later.from };
    for (let d = 1; !next && d <= 7; d++) {
      const first = intervalsOf(addDays(today, d))[0];
      if (first) next = { day: addDays(today, d), from: first.from };
    }
    const when = !next ? '' : next.day === today ? T.days.today : next.day === addDays(today, 1) ? T.days.tomorrow : dayName(next.day);
    status = next ? fill(T.hours.closedUntil, { when, from: hhmm(next.from) }) : T.hours.closedNow;
  }
  return reply(`${todayLine}${week} ${status}`, {
    ...(open ? {} : { link: '/app/shift', textLink: T.links.shifts }),
    suggestions,
  });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describeShift(s: DutyShiftRow): string {
  const who = s.is_own_shop === 1 ? fill(T.shifts.ownShop, { pharmacy: s.pharmacy_name }) : s.pharmacy_name;
  return fill(T.shifts.line, {
    who,
    address: s.address,
    phone: s.phone ? fill(T.shifts.phone, { phone: s.phone }) : '',
    hours: shiftHours(s).replace(/(\d\d):(\d\d)/g, (m) => hhmm(m)),
  });
}

async function shiftsAnswer(ctx: ChatContext, w: readonly string[]): Promise<ChatReply> {
  const { day: today, time } = romeParts(ctx.now.getTime());
  const asked = askedDay(w, today) ?? { day: today, label: T.days.today };
  const rows = await shiftsOn(ctx.services, ctx.facts.shopId, asked.day);
  // Yesterday's night shift matters today only until it ends.
  const relevant = rows.filter(
    (r) => r.day === asked.day || (asked.day === today && r.end_time <= r.start_time && time.slice(0, 5) < r.end_time),
  );
  const extra = { link: '/app/shift', textLink: T.links.shiftCalendar, suggestions: [T.ask.shiftsTomorrow, T.ask.hours] };
  const relative = asked.label === T.days.today || asked.label === T.days.tomorrow || asked.label === T.days.afterTomorrow;
  const when = relative
    ? fill(T.shifts.relativeWhen, { label: capital(asked.label), day: longItalianDay(asked.day).toLowerCase() })
    : capital(longItalianDay(asked.day).toLowerCase());
  if (relevant.length === 0) {
    return reply(fill(T.shifts.none, { when }), extra);
  }
  const lines = relevant.map((r) =>
    r.day === asked.day ? describeShift(r) : fill(T.shifts.startedOn, { line: describeShift(r), weekday: dayName(r.day) }),
  );
  return reply(countText(T.shifts.list, relevant.length, { when, lines: lines.join('\n') }), extra);
}

function contactAnswer(ctx: ChatContext): ChatReply {
  const { facts } = ctx;
  const buttons: ChatButton[] = [];
  const parts: string[] = [];
  if (facts.phone) {
    parts.push(fill(T.contact.phone, { phone: facts.phone }));
    buttons.push({ label: T.links.call, link: `tel:${facts.phone.replace(/[^\d+]/g, '')}` });
  }
  if (facts.whatsapp) {
    const digits = facts.whatsapp.replace(/\D/g, '');
    parts.push(fill(T.contact.whatsapp, { digits }));
    buttons.push({
      label: T.links.whatsapp,
      link: `https://wa.me/${digits}${facts.whatsappText ? `?text=${encodeURIComponent(facts.whatsappText)}` : ''}`,
    });
  }
  if (parts.length === 0) return reply(facts.address ? fill(T.contact.inShopAt, { address: facts.address }) : T.contact.inShop);
  return reply(fill(T.contact.reach, { shop: facts.name, ways: parts.join(T.contact.or) }), { buttons, suggestions: [T.ask.hours] });
}

function addressAnswer(ctx: ChatContext): ChatReply {
  const { facts } = ctx;
  if (!facts.address) return contactAnswer(ctx);
  return reply(fill(T.contact.address, { shop: facts.name, address: facts.address }), {
    buttons: [
      { label: T.links.map, link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${facts.name}, ${facts.address}`)}` },
    ],
    suggestions: [T.ask.hours, T.ask.phone],
  });
}

function loginReply(what: string, path: string): ChatReply {
  return reply(fill(T.login.reason, { what }), {
    link: `/auth/login?redirect=${encodeURIComponent(path)}`,
    textLink: T.links.login,
  });
}

const orderDay = (o: Order) => shortItalianDay(romeParts(Date.parse(o.created_at)).day);

async function ordersAnswer(ctx: ChatContext, w: readonly string[]): Promise<ChatReply> {
  if (!ctx.user) return loginReply(T.login.orders, '/app/orders');
  const orders = await listOrders(ctx.services, ctx.user);
  const asked = w.find((x) => /^\d{1,9}$/.test(x));
  if (asked) {
    const order = orders.find((o) => o.id === Number(asked));
    if (!order) {
      return reply(fill(T.orders.notFound, { id: asked }), { link: '/app/orders', textLink: T.links.myOrders });
    }
    return reply(fill(T.orders.one, { id: order.id, day: orderDay(order), status: orderStatusListLabel(order.status) }), {
      link: `/app/orders/${order.id}`,
      textLink: T.links.order,
    });
  }
  if (orders.length === 0) {
    return reply(T.orders.none, { link: '/app/search', textLink: T.links.searchProduct });
  }
  const latest = orders.slice(0, 3);
  const lines = latest.map((o) => fill(T.orders.line, { id: o.id, day: orderDay(o), status: orderStatusListLabel(o.status) }));
  return reply(countText(T.orders.latest, latest.length, { lines: lines.join('\n') }), {
    link: '/app/orders',
    textLink: T.links.allMyOrders,
    buttons: latest.map((o) => ({ label: fill(T.links.orderButton, { id: o.id }), link: `/app/orders/${o.id}` })),
  });
}

async function bookingsAnswer(ctx: ChatContext): Promise<ChatReply> {
  if (!ctx.user) return loginReply(T.login.reservations, '/app/reservations');
  const nowIso = ctx.now.toISOString();
  const all: Reservation[] = await listOwn(ctx.services, ctx.user.id, ctx.now);
  const upcoming = all.filter((r) => r.status === 'booked' && `${r.day}T${r.end_appointment}` >= romeLocal(nowIso));
  if (upcoming.length === 0) {
    return reply(T.reservations.none, { link: '/app/services', textLink: T.links.bookService });
  }
  const lines = upcoming.slice(0, 5).map((r) => {
    const service = r.event ? fill(T.reservations.event, { service: r.service.name, event: r.event.name }) : r.service.name;
    const line = fill(T.reservations.line, { service, day: longItalianDay(r.day).toLowerCase(), time: hhmm(r.start_appointment) });
    return r.cancellable ? line + fill(T.reservations.cancellable, { day: shortItalianDay(r.cancellable_until) }) : line;
  });
  return reply(countText(T.reservations.upcoming, upcoming.length, { lines: lines.join('\n') }), {
    link: '/app/reservations',
    textLink: T.links.myReservations,
  });
}

/** An instant as Rome wall-clock 'YYYY-MM-DDTHH:mm:ss', comparable with a reservation's day and time. */
function romeLocal(iso: string): string {
  const { day, time } = romeParts(Date.parse(iso));
  return `${day}T${time}`;
}

async function loyaltyAnswer(ctx: ChatContext, faq: FaqEntry | undefined): Promise<ChatReply> {
  if (!ctx.user) {
    if (faq) return faqAnswer(faq);
    return loginReply(T.login.loyalty, '/app/fidelityCard');
  }
  const [card] = await listCards(ctx.services.db, ctx.user.id, ctx.user.shopId);
  if (!card) {
    return reply(T.loyalty.noCard, { link: '/app/search', textLink: T.links.searchProduct });
  }
  return reply(countText(T.loyalty.points, card.score, { card: card.card_id, day: shortItalianDay(card.reset_date ?? '') }), {
    link: '/app/fidelityCard',
    textLink: T.links.showCard,
  });
}

function faqAnswer(entry: FaqEntry): ChatReply {
  return reply(entry.answer, entry.link ? { link: entry.link.href, textLink: entry.link.text } : {});
}

/** How well a message matches a FAQ question: Dice coefficient over stems, weighted by rarity. */
function faqScore(tokens: readonly string[], entry: FaqEntry, idf: Map<string, number>): number {
  const q = new Set(entry.questionTokens);
  const m = new Set(tokens);
  if (q.size === 0 || m.size === 0) return 0;
  const weight = (t: string) => idf.get(t) ?? Math.log(2 + idf.size);
  let shared = 0;
  for (const t of m) if ([...q].some((x) => similarStems(x, t))) shared += weight(t);
  let total = 0;
  for (const t of m) total += weight(t);
  for (const t of q) total += weight(t);
  return (2 * shared) / total;
}

function bestFaq(tokens: readonly string[], facts: ShopFacts): { entry: FaqEntry; score: number } | undefined {
  let best: { entry: FaqEntry; score: number } | undefined;
  for (const entry of facts.faq) {
    const score = faqScore(tokens, entry, facts.faqIdf);
    if (!best || score > best.score) best = { entry, score };
  }
  return best;
}

/** The bookable or on-request services a message names: the best-covered names, ties kept. */
function matchServices(tokens: readonly string[], facts: ShopFacts): ServiceMatch[] {
  const all: Array<{ kind: ServiceMatch['kind']; id: number; tokens: string[] }> = [
    ...facts.services.map((s) => ({ kind: 'bookable' as const, id: s.id, tokens: s.tokens })),
    ...facts.shopServices.map((s) => ({ kind: 'onRequest' as const, id: s.id, tokens: s.tokens })),
  ];
  const significantOf = (serviceTokens: readonly string[]) => {
    const long = serviceTokens.filter((t) => t.length >= 4);
    const specific = long.filter((t) => !GENERIC_SERVICE_STEMS.has(t));
    return specific.length > 0 ? specific : long;
  };
  // How many services use a word: a word only one service has names it on its own ("tampone").
  const usage = new Map<string, number>();
  for (const s of all) for (const t of new Set(significantOf(s.tokens))) usage.set(t, (usage.get(t) ?? 0) + 1);
  const scored = all.flatMap((s) => {
    const significant = significantOf(s.tokens);
    const hits = significant.filter((x) => tokens.some((t) => similarStems(x, t)));
    if (hits.length === 0) return [];
    const coverage = hits.length / significant.length;
    const distinctive = hits.some((x) => x.length >= 5 && usage.get(x) === 1);
    return coverage >= 0.5 || distinctive ? [{ kind: s.kind, id: s.id, score: coverage }] : [];
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best);
}

interface ServiceMatch {
  kind: 'bookable' | 'onRequest';
  id: number;
  score: number;
}

/** Several services fit ("holter"): name them, each with its booking link. */
function servicesChoiceAnswer(ctx: ChatContext, matches: ServiceMatch[]): ChatReply {
  const bookable = matches.flatMap((m) => ctx.facts.services.filter((s) => m.kind === 'bookable' && s.id === m.id));
  return reply(fill(T.services.choice, { names: bookable.map((s) => s.name).join(T.services.listSeparator) }), {
    buttons: bookable.map((s) => ({ label: s.name, link: `/app/reservations/${s.id}` })),
    link: '/app/services',
    textLink: T.links.allServices,
  });
}

/** Words of service names too generic to name one ('Test della glicemia' is about glicemia). */
const GENERIC_SERVICE_STEMS = new Set(['test', 'misurazion', 'control', 'esam', 'serviz', 'analis', 'visit', 'consulenz', 'prov']);

function serviceAnswer(ctx: ChatContext, match: Pick<ServiceMatch, 'kind' | 'id'>): ChatReply {
  if (match.kind === 'bookable') {
    const s = ctx.facts.services.find((x) => x.id === match.id);
    if (!s) return failureReply();
    const price = s.showPrice ? fill(T.services.price, { price: formatEuro(s.price) }) : '';
    return reply(countText(T.services.bookable, s.duration, { service: s.name, price }), {
      link: `/app/reservations/${s.id}`,
      textLink: fill(T.links.bookThis, { service: s.name }),
      suggestions: [T.ask.services, T.ask.reservations],
    });
  }
  const s = ctx.facts.shopServices.find((x) => x.id === match.id);
  if (!s) return failureReply();
  const path = s.categoryId ? `/app/service/category/${s.categoryId}/shop/${s.id}` : '/app/services';
  const price = s.price !== null ? fill(T.services.onRequestPrice, { price: formatEuro(s.price) }) : '';
  return reply(fill(T.services.onRequest, { service: s.name, price }), { link: path, textLink: T.links.askInformation });
}

function servicesListAnswer(ctx: ChatContext): ChatReply {
  const { services, shopServices } = ctx.facts;
  if (services.length === 0 && shopServices.length === 0) {
    return reply(fill(T.services.contactShop, { shop: ctx.facts.name }), { buttons: contactAnswer(ctx).buttons });
  }
  const names = services.map((s) => s.name);
  const onRequest = shopServices.slice(0, 5).map((s) => s.name);
  const text = [
    names.length > 0 ? fill(T.services.bookableList, { names: names.join(T.services.listSeparator) }) : '',
    onRequest.length > 0 ? fill(T.services.onRequestList, { names: onRequest.join(T.services.listSeparator) }) : '',
    T.services.howToBook,
  ]
    .filter(Boolean)
    .join(' ');
  return reply(text, {
    link: '/app/services',
    textLink: T.links.bookService,
    buttons: services.slice(0, 4).map((s) => ({ label: s.name, link: `/app/reservations/${s.id}` })),
  });
}

/** The words of a product question that name the product ("avete la tachipirina 500?" → "tachipirina 500"). */
export function productQuery(message: string): string {
  return words(message)
    .filter((w) => !PRODUCT_FRAME.has(w) && !STOP_WORDS.has(w))
    .join(' ');
}

async function productsAnswer(ctx: ChatContext, message: string, strict: boolean): Promise<ChatReply | undefined> {
  const query = productQuery(message);
  if (query.length < 3) {
    return strict ? reply(T.products.which) : undefined;
  }
  const outcome = await ctx.search.search({ shopId: ctx.facts.shopId, text: query, offset: 0, limit: 5 });
  // A spelling-corrected match is a guess: only trusted when the customer asked about a product.
  if (outcome.total === 0 || (!strict && outcome.correctedQuery !== null)) {
    return strict
      ? reply(fill(T.products.none, { query }), {
          link: `/app/search?q=${encodeURIComponent(query)}`,
          textLink: T.links.searchCatalogue,
        })
      : undefined;
  }
  const hits = outcome.products.map(toProductHit);
  const available = hits.filter(isInStock).length;
  const lead = fill(available > 0 ? T.products.found : T.products.foundUnavailable, { query: outcome.correctedQuery ?? query });
  const lines = hits.map((h) =>
    fill(T.products.line, {
      name: h.nome_prodotto,
      price: formatEuro(h.prezzo),
      unavailable: isInStock(h) ? '' : T.products.unavailable,
      prescription: h.prescription_only ? T.products.prescription : '',
    }),
  );
  return reply(`${lead}\n${lines.join('\n')}`, {
    link: `/app/search?q=${encodeURIComponent(outcome.correctedQuery ?? query)}`,
    textLink: outcome.total > hits.length ? countText(T.links.allResults, outcome.total) : T.links.openSearch,
    buttons: hits.map((h) => ({ label: h.nome_prodotto, link: `/app/product/${h.codice_ministeriale}` })),
  });
}

function promotionsAnswer(ctx: ChatContext): ChatReply {
  const current = runningPromotions(ctx.facts.promotions, ctx.now);
  if (current.length === 0) return reply(T.promotions.none, { link: '/app/promotions', textLink: T.links.offers });
  const lines = current.map((p) =>
    fill(T.promotions.line, {
      title: p.title,
      description: p.description,
      until: p.valid_to ? fill(T.promotions.until, { day: shortItalianDay(p.valid_to) }) : '',
    }),
  );
  return reply(fill(T.promotions.list, { lines: lines.join('\n') }), { link: '/app/promotions', textLink: T.links.flyer });
}

function prescriptionAnswer(faq: FaqEntry | undefined): ChatReply {
  return reply(faq?.answer ?? T.prescription, { link: '/app/prescription', textLink: T.links.prescription });
}

function greetingAnswer(ctx: ChatContext): ChatReply {
  return reply(fill(T.greeting, { shop: ctx.facts.name }), { suggestions: STARTER_SUGGESTIONS });
}

// --- The decision -------------------------------------------------------------------------------

const FAQ_STRONG = 0.55;
const FAQ_WEAK = 0.34;

/**
 * Answers one message. Returns undefined when nothing fits (the caller then tries the optional
 * language model, and finally answers the failure reply).
 */
export async function answer(ctx: ChatContext, message: string): Promise<ChatReply[] | undefined> {
  const w = words(message);
  const tokens = contentTokens(message);
  const has = (cue: readonly string[]) => hasPrefix(w, cue);
  const phrase = (re: RegExp) => re.test(normalize(message));
  const faq = bestFaq(tokens, ctx.facts);
  const strongFaq = faq && faq.score >= FAQ_STRONG ? faq.entry : undefined;

  const greeted = has(CUES.greeting);
  // Small talk: a message that is (almost) only a greeting, a thank-you or a goodbye.
  if (tokens.length <= 1 && w.length <= 4) {
    if (has(CUES.thanks)) return [reply(T.thanks, { suggestions: STARTER_SUGGESTIONS })];
    if (has(CUES.bye)) return [reply(fill(T.bye, { shop: ctx.facts.name }))];
    if ((greeted && tokens.length === 0) || has(CUES.help)) return [greetingAnswer(ctx)];
  }
  const productCue = has(CUES.product) || CUES.productWords.some((x) => w.includes(x));

  const personal = CUES.personal.some((p) => w.includes(p)) || w.some((x) => /^\d{1,9}$/.test(x));
  const onlyAbout = (prefix: string) => tokens.length > 0 && tokens.every((t) => t.startsWith(prefix));
  const single = await (async (): Promise<ChatReply | undefined> => {
    if (has(CUES.order) && (personal || onlyAbout('ordin'))) return ordersAnswer(ctx, w);
    if (has(CUES.delivery) && personal && !strongFaq) return ordersAnswer(ctx, w);
    if (has(CUES.booking) && (personal || onlyAbout('prenot')) && !phrase(/\bcome\b/)) return bookingsAnswer(ctx);
    if (has(CUES.loyalty) && (personal || w.includes('quanti') || !strongFaq)) return loyaltyAnswer(ctx, strongFaq);
    if (has(CUES.shifts) || phrase(/\b(di notte|aperta (stanotte|stasera|di notte|la notte))\b/)) return shiftsAnswer(ctx, w);
    if (has(CUES.hours) || phrase(/\b(a che ora|che ore|quando (aprite|chiudete|siete aperti))\b/)) return hoursAnswer(ctx, w);
    if (has(CUES.contact) && !has(CUES.order)) return contactAnswer(ctx);
    if (has(CUES.address) && !productCue) return addressAnswer(ctx);
    // A named bookable service wins over the FAQ (its answer carries the booking link); a
    // service on request only when the FAQ has nothing better.
    const services = matchServices(tokens, ctx.facts);
    const bookable = services.filter((m) => m.kind === 'bookable');
    if (bookable.length > 1) return servicesChoiceAnswer(ctx, bookable);
    if (bookable[0]) return serviceAnswer(ctx, bookable[0]);
    if (strongFaq) return faqAnswer(strongFaq);
    if (services[0]) return serviceAnswer(ctx, services[0]);
    if (productCue) return productsAnswer(ctx, message, true);
    if (has(CUES.promotions)) return promotionsAnswer(ctx);
    if (has(CUES.prescription)) return prescriptionAnswer(faq && faq.score >= FAQ_WEAK ? faq.entry : undefined);
    if (has(CUES.services)) return servicesListAnswer(ctx);
    if (faq && faq.score >= FAQ_WEAK) return faqAnswer(faq.entry);
    // A bare product name ("tachipirina"): searched, but a spelling guess is not trusted here.
    if (tokens.length <= 4) return productsAnswer(ctx, message, false);
    return undefined;
  })();
  if (!single) return greeted ? [greetingAnswer(ctx)] : undefined;
  return [single];
}
