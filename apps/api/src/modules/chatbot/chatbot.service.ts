import {
  CHAT_FAILURE_REPLY,
  type ChatButton,
  type ChatReply,
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
export const STARTER_SUGGESTIONS = [
  'Quali sono gli orari?',
  'Chi è di turno oggi?',
  'Avete la tachipirina?',
  'Come prenoto un servizio?',
];

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
  if (w.includes('dopodomani')) return { day: addDays(today, 2), label: 'dopodomani' };
  if (w.includes('domani')) return { day: addDays(today, 1), label: 'domani' };
  if (w.some((x) => x === 'oggi' || x === 'stasera' || x === 'stanotte' || x === 'adesso' || x === 'ora')) {
    return { day: today, label: 'oggi' };
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
    return reply(`Per conoscere gli orari di ${facts.name} ${facts.phone ? `chiamaci al ${facts.phone}` : 'contatta la farmacia'}.`);
  }
  const { day: today, time } = romeParts(ctx.now.getTime());
  const intervalsOf = (day: string) => hours.week.find((d) => d.day === isoWeekday(day))?.intervals ?? [];
  const fmt = (iv: Array<{ from: string; to: string }>) => iv.map((i) => `dalle ${hhmm(i.from)} alle ${hhmm(i.to)}`).join(' e ');
  const asked = askedDay(w, today);
  const suggestions = ['Chi è di turno oggi?', 'Qual è il numero di telefono?'];
  const dayLine = (day: string, when: string) => {
    const iv = intervalsOf(day);
    return iv.length === 0 ? `${capital(when)} siamo chiusi.` : `${capital(when)} siamo aperti ${fmt(iv)}.`;
  };
  if (asked && asked.day !== today) {
    const when = asked.label === 'domani' || asked.label === 'dopodomani' ? `${asked.label} (${dayName(asked.day)})` : dayName(asked.day);
    const closed = intervalsOf(asked.day).length === 0;
    return reply(`${dayLine(asked.day, when)} Orari di ${facts.name}: ${hours.text}.`, {
      ...(closed ? { link: '/app/shift', textLink: 'Farmacie di turno' } : {}),
      suggestions,
    });
  }
  // "Siete aperti sabato?" asked on a Saturday: that day's hours, then whether we are open now.
  const todayLine = asked && asked.label !== 'oggi' ? `${dayLine(today, `oggi (${dayName(today)})`)} ` : '';
  const now = time.slice(0, 5);
  const todays = intervalsOf(today);
  const open = todays.find((i) => i.from <= now && now < i.to);
  let status: string;
  if (open) {
    status = `In questo momento siamo aperti, fino alle ${hhmm(open.to)}.`;
  } else {
    let next: { day: string; from: string } | null = null;
    const later = todays.find((i) => i.from > now);
    if (later) next = { day: today, from: later.from };
    for (let d = 1; !next && d <= 7; d++) {
      const first = intervalsOf(addDays(today, d))[0];
      if (first) next = { day: addDays(today, d), from: first.from };
    }
    const when = !next ? '' : next.day === today ? 'oggi' : next.day === addDays(today, 1) ? 'domani' : dayName(next.day);
    status = next
      ? `In questo momento siamo chiusi: riapriamo ${when} alle ${hhmm(next.from)}.`
      : 'In questo momento siamo chiusi.';
  }
  return reply(`${todayLine}Orari di ${facts.name}: ${hours.text}. ${status}`, {
    ...(open ? {} : { link: '/app/shift', textLink: 'Farmacie di turno' }),
    suggestions,
  });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describeShift(s: DutyShiftRow): string {
  const who = s.is_own_shop === 1 ? `${s.pharmacy_name} (siamo noi)` : s.pharmacy_name;
  return `• ${who}, ${s.address}${s.phone ? ` (tel. ${s.phone})` : ''}: ${shiftHours(s).replace(/(\d\d):(\d\d)/g, (m) => hhmm(m))}`;
}

async function shiftsAnswer(ctx: ChatContext, w: readonly string[]): Promise<ChatReply> {
  const { day: today, time } = romeParts(ctx.now.getTime());
  const asked = askedDay(w, today) ?? { day: today, label: 'oggi' };
  const rows = await shiftsOn(ctx.services, ctx.facts.shopId, asked.day);
  // Yesterday's night shift matters today only until it ends.
  const relevant = rows.filter(
    (r) => r.day === asked.day || (asked.day === today && r.end_time <= r.start_time && time.slice(0, 5) < r.end_time),
  );
  const extra = { link: '/app/shift', textLink: 'Vedi il calendario dei turni', suggestions: ['Chi è di turno domani?', 'Quali sono gli orari?'] };
  const relative = asked.label === 'oggi' || asked.label === 'domani' || asked.label === 'dopodomani';
  const when = relative
    ? `${capital(asked.label)}, ${longItalianDay(asked.day).toLowerCase()},`
    : capital(longItalianDay(asked.day).toLowerCase());
  if (relevant.length === 0) {
    return reply(`${when} non risultano farmacie di turno nel nostro calendario.`, extra);
  }
  const lines = relevant.map((r) => (r.day === asked.day ? describeShift(r) : `${describeShift(r)} (turno iniziato ${dayName(r.day)})`));
  const verb = relevant.length === 1 ? 'è di turno' : 'sono di turno';
  return reply(`${when} ${verb}:\n${lines.join('\n')}`, extra);
}

function contactAnswer(ctx: ChatContext): ChatReply {
  const { facts } = ctx;
  const buttons: ChatButton[] = [];
  const parts: string[] = [];
  if (facts.phone) {
    parts.push(`puoi chiamarci al ${facts.phone}`);
    buttons.push({ label: 'Chiama', link: `tel:${facts.phone.replace(/[^\d+]/g, '')}` });
  }
  if (facts.whatsapp) {
    const digits = facts.whatsapp.replace(/\D/g, '');
    parts.push(`scriverci su WhatsApp al +${digits}`);
    buttons.push({
      label: 'WhatsApp',
      link: `https://wa.me/${digits}${facts.whatsappText ? `?text=${encodeURIComponent(facts.whatsappText)}` : ''}`,
    });
  }
  if (parts.length === 0) return reply(`Puoi trovarci in farmacia${facts.address ? ` in ${facts.address}` : ''}.`);
  return reply(`Per parlare con ${facts.name} ${parts.join(' oppure ')}.`, { buttons, suggestions: ['Quali sono gli orari?'] });
}

function addressAnswer(ctx: ChatContext): ChatReply {
  const { facts } = ctx;
  if (!facts.address) return contactAnswer(ctx);
  return reply(`${facts.name} si trova in ${facts.address}.`, {
    buttons: [
      { label: 'Apri la mappa', link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${facts.name}, ${facts.address}`)}` },
    ],
    suggestions: ['Quali sono gli orari?', 'Qual è il numero di telefono?'],
  });
}

function loginReply(what: string, path: string): ChatReply {
  return reply(`Per ${what} accedi al tuo account.`, {
    link: `/auth/login?redirect=${encodeURIComponent(path)}`,
    textLink: 'Accedi',
  });
}

const orderDay = (o: Order) => shortItalianDay(romeParts(Date.parse(o.created_at)).day);

async function ordersAnswer(ctx: ChatContext, w: readonly string[]): Promise<ChatReply> {
  if (!ctx.user) return loginReply('conoscere lo stato dei tuoi ordini', '/app/orders');
  const orders = await listOrders(ctx.services, ctx.user);
  const asked = w.find((x) => /^\d{1,9}$/.test(x));
  if (asked) {
    const order = orders.find((o) => o.id === Number(asked));
    if (!order) {
      return reply(`Non trovo l'ordine n. ${asked} tra i tuoi ordini.`, { link: '/app/orders', textLink: 'I miei ordini' });
    }
    return reply(`L'ordine n. ${order.id} del ${orderDay(order)} è: ${orderStatusListLabel(order.status)}.`, {
      link: `/app/orders/${order.id}`,
      textLink: "Vedi l'ordine",
    });
  }
  if (orders.length === 0) {
    return reply('Non hai ancora effettuato ordini.', { link: '/app/search', textLink: 'Cerca un prodotto' });
  }
  const latest = orders.slice(0, 3);
  const lines = latest.map((o) => `• Ordine n. ${o.id} del ${orderDay(o)}: ${orderStatusListLabel(o.status)}`);
  return reply(`${latest.length === 1 ? 'Ecco il tuo ultimo ordine' : 'Ecco i tuoi ultimi ordini'}:\n${lines.join('\n')}`, {
    link: '/app/orders',
    textLink: 'Tutti i miei ordini',
    buttons: latest.map((o) => ({ label: `Ordine n. ${o.id}`, link: `/app/orders/${o.id}` })),
  });
}

async function bookingsAnswer(ctx: ChatContext): Promise<ChatReply> {
  if (!ctx.user) return loginReply('vedere le tue prenotazioni', '/app/reservations');
  const nowIso = ctx.now.toISOString();
  const all: Reservation[] = await listOwn(ctx.services, ctx.user.id, ctx.now);
  const upcoming = all.filter((r) => r.status === 'booked' && `${r.day}T${r.end_appointment}` >= romeLocal(nowIso));
  if (upcoming.length === 0) {
    return reply('Non hai prenotazioni in programma.', { link: '/app/services', textLink: 'Prenota un Servizio' });
  }
  const lines = upcoming
    .slice(0, 5)
    .map(
      (r) =>
        `• ${r.service.name}${r.event ? ` (${r.event.name})` : ''}: ${longItalianDay(r.day).toLowerCase()} alle ${hhmm(r.start_appointment)}${r.cancellable ? `, annullabile fino al ${shortItalianDay(r.cancellable_until)}` : ''}`,
    );
  const intro = upcoming.length === 1 ? 'Hai una prenotazione in programma' : `Hai ${upcoming.length} prenotazioni in programma`;
  return reply(`${intro}:\n${lines.join('\n')}`, { link: '/app/reservations', textLink: 'Le mie prenotazioni' });
}

/** An instant as Rome wall-clock 'YYYY-MM-DDTHH:mm:ss', comparable with a reservation's day and time. */
function romeLocal(iso: string): string {
  const { day, time } = romeParts(Date.parse(iso));
  return `${day}T${time}`;
}

async function loyaltyAnswer(ctx: ChatContext, faq: FaqEntry | undefined): Promise<ChatReply> {
  if (!ctx.user) {
    if (faq) return faqAnswer(faq);
    return loginReply('vedere i punti della tua Carta Fedeltà', '/app/fidelityCard');
  }
  const [card] = await listCards(ctx.services.db, ctx.user.id, ctx.user.shopId);
  if (!card) {
    return reply(
      'Non hai ancora una Carta Fedeltà: la ricevi automaticamente con il primo ordine completato, e da lì ogni acquisto ti fa guadagnare punti.',
      { link: '/app/search', textLink: 'Cerca un prodotto' },
    );
  }
  return reply(
    `Sulla tua Carta Fedeltà n. ${card.card_id} hai ${card.score} punti. La raccolta è valida fino al ${shortItalianDay(card.reset_date ?? '')}.`,
    { link: '/app/fidelityCard', textLink: 'Mostra la carta' },
  );
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
  return reply(`Abbiamo più servizi che corrispondono: ${bookable.map((s) => s.name).join(', ')}. Quale ti interessa?`, {
    buttons: bookable.map((s) => ({ label: s.name, link: `/app/reservations/${s.id}` })),
    link: '/app/services',
    textLink: 'Tutti i servizi',
  });
}

/** Words of service names too generic to name one ('Test della glicemia' is about glicemia). */
const GENERIC_SERVICE_STEMS = new Set(['test', 'misurazion', 'control', 'esam', 'serviz', 'analis', 'visit', 'consulenz', 'prov']);

function serviceAnswer(ctx: ChatContext, match: Pick<ServiceMatch, 'kind' | 'id'>): ChatReply {
  if (match.kind === 'bookable') {
    const s = ctx.facts.services.find((x) => x.id === match.id);
    if (!s) return failureReply();
    const price = s.showPrice ? ` costa ${formatEuro(s.price)} e` : '';
    return reply(
      `${s.name}:${price} dura circa ${s.duration} minuti. Per prenotarlo apri la pagina del servizio, scegli il giorno e l'orario che preferisci e conferma la prenotazione.`,
      {
        link: `/app/reservations/${s.id}`,
        textLink: `Prenota ${s.name}`,
        suggestions: ['Quali servizi offrite?', 'Le mie prenotazioni'],
      },
    );
  }
  const s = ctx.facts.shopServices.find((x) => x.id === match.id);
  if (!s) return failureReply();
  const path = s.categoryId ? `/app/service/category/${s.categoryId}/shop/${s.id}` : '/app/services';
  return reply(
    `${s.name}${s.price !== null ? ` (${formatEuro(s.price)})` : ''} si richiede alla farmacia: lascia una richiesta di informazioni e ti contatteremo per concordarlo.`,
    { link: path, textLink: 'Richiedi informazioni' },
  );
}

function servicesListAnswer(ctx: ChatContext): ChatReply {
  const { services, shopServices } = ctx.facts;
  if (services.length === 0 && shopServices.length === 0) {
    return reply(`Per i servizi di ${ctx.facts.name} contatta la farmacia.`, { buttons: contactAnswer(ctx).buttons });
  }
  const names = services.map((s) => s.name);
  const onRequest = shopServices.slice(0, 5).map((s) => s.name);
  const text = [
    names.length > 0 ? `Puoi prenotare dall'app: ${names.join(', ')}.` : '',
    onRequest.length > 0 ? `Su richiesta offriamo anche: ${onRequest.join(', ')}.` : '',
    'Scegli il servizio, poi il giorno e l\'orario, e conferma.',
  ]
    .filter(Boolean)
    .join(' ');
  return reply(text, {
    link: '/app/services',
    textLink: 'Prenota un Servizio',
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
    return strict ? reply('Quale prodotto cerchi? Scrivimi il nome, ad esempio "avete la tachipirina?".') : undefined;
  }
  const outcome = await ctx.search.search({ shopId: ctx.facts.shopId, text: query, offset: 0, limit: 5 });
  // A spelling-corrected match is a guess: only trusted when the customer asked about a product.
  if (outcome.total === 0 || (!strict && outcome.correctedQuery !== null)) {
    return strict
      ? reply(`Non ho trovato prodotti per «${query}». Prova con la ricerca o chiedi al farmacista.`, {
          link: `/app/search?q=${encodeURIComponent(query)}`,
          textLink: 'Cerca nel catalogo',
        })
      : undefined;
  }
  const hits = outcome.products.map(toProductHit);
  const available = hits.filter(isInStock).length;
  const lead =
    available > 0
      ? `Sì, ecco cosa ho trovato per «${outcome.correctedQuery ?? query}»:`
      : `Ho trovato questi prodotti per «${outcome.correctedQuery ?? query}», ma al momento non sono disponibili: puoi chiederli al farmacista.`;
  const lines = hits.map(
    (h) =>
      `• ${h.nome_prodotto}: ${formatEuro(h.prezzo)}${isInStock(h) ? '' : ' (non disponibile)'}${h.prescription_only ? ' (con ricetta)' : ''}`,
  );
  return reply(`${lead}\n${lines.join('\n')}`, {
    link: `/app/search?q=${encodeURIComponent(outcome.correctedQuery ?? query)}`,
    textLink: outcome.total > hits.length ? `Vedi tutti i ${outcome.total} risultati` : 'Apri la ricerca',
    buttons: hits.map((h) => ({ label: h.nome_prodotto, link: `/app/product/${h.codice_ministeriale}` })),
  });
}

function promotionsAnswer(ctx: ChatContext): ChatReply {
  const current = runningPromotions(ctx.facts.promotions, ctx.now);
  if (current.length === 0) return reply('Al momento non ci sono promozioni attive.', { link: '/app/promotions', textLink: 'Offerte' });
  const lines = current.map((p) => `• ${p.title}: ${p.description}${p.valid_to ? ` (fino al ${shortItalianDay(p.valid_to)})` : ''}`);
  return reply(`Ecco le offerte in corso:\n${lines.join('\n')}`, { link: '/app/promotions', textLink: 'Vedi il volantino' });
}

function prescriptionAnswer(faq: FaqEntry | undefined): ChatReply {
  return reply(
    faq?.answer ??
      'Puoi inviare la ricetta dall\'app: inserisci il codice NRE della ricetta elettronica (o una foto della ricetta) e il codice fiscale del paziente. Ti avviseremo quando i farmaci saranno pronti.',
    { link: '/app/prescription', textLink: 'Inserisci ricetta' },
  );
}

function greetingAnswer(ctx: ChatContext): ChatReply {
  return reply(
    `Ciao! Sono l'assistente virtuale di ${ctx.facts.name}. Posso aiutarti con orari, farmacie di turno, prodotti, servizi e prenotazioni, i tuoi ordini e le domande frequenti.`,
    { suggestions: STARTER_SUGGESTIONS },
  );
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
    if (has(CUES.thanks)) return [reply('Prego! Se hai altre domande sono qui.', { suggestions: STARTER_SUGGESTIONS })];
    if (has(CUES.bye)) return [reply(`Grazie a te, a presto da ${ctx.facts.name}!`)];
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
