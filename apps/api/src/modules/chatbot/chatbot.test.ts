import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiErrorBodySchema, type ChatReply, ChatResponseSchema, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { seedDemo } from '../../db/seed/index.js';
import { addDays, isoWeekday, romeDay, romeInstant } from '../bookings/rome-time.js';
import { forgetShopFacts } from './knowledge.js';

/** The next `weekday` (1 = Monday) from today at `time`, Rome. */
function nextWeekdayAt(weekday: number, time: string): Date {
  const today = romeDay(new Date());
  const day = addDays(today, ((weekday - isoWeekday(today) + 7) % 7) + 7);
  return new Date(romeInstant(day, time));
}

describe(`virtual assistant (${testEngine})`, () => {
  let t: TestApp;
  let customer: { authorization: string };
  let orderId: number;
  let ip = 0;

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false, demoCatalogueSize: 300 });
    await seedDemo(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cliente@farmacia.demo', password: 'Farmacia2026!' },
    });
    customer = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const user = await t.app.db.selectFrom('users').select(['id', 'shop_id']).where('email', '=', 'cliente@farmacia.demo').executeTakeFirstOrThrow();
    const order = await insertOrder(t.app, {
      userId: user.id,
      shopId: user.shop_id,
      status: 'shipped',
      delivery_type: 'address',
      shipping_type: 'address',
      shipping_method_type: 'courier',
      shipping_method_label: 'Corriere espresso (24/48 ore)',
      shipping_price_cents: 590,
      shipping_free_above_cents: 5900,
      shipping_cents: 590,
      subtotal_cents: 1290,
      total_cents: 1880,
    });
    orderId = order.id;
  });
  afterAll(() => t.close());

  /** Asks from a fresh client address each time, so the rate limit never interferes here. */
  const ask = async (message: string, headers: Record<string, string> = {}): Promise<ChatReply[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chatbot?message=${encodeURIComponent(message)}`,
      headers,
      remoteAddress: `10.1.0.${++ip}`,
    });
    expect(res.statusCode).toBe(200);
    return ChatResponseSchema.parse(res.json()).data;
  };
  const first = async (message: string, headers: Record<string, string> = {}) => {
    const [r] = await ask(message, headers);
    if (!r) throw new Error('no reply');
    return r;
  };
  const at = (date: Date) => {
    t.app.clock.now = () => date;
  };

  it('greets and offers questions to start from', async () => {
    const r = await first('Ciao!');
    expect(r.response).toContain("Sono l'assistente virtuale di Farmacia San Marco");
    expect(r.suggestions).toContain('Quali sono gli orari?');
  });

  it('tells the opening hours and whether the shop is open now', async () => {
    at(nextWeekdayAt(3, '10:00'));
    const open = await first('Quali sono i vostri orari?');
    expect(open.response).toContain('Lun–Ven 8:30–12:30 e 15:30–19:30');
    expect(open.response).toContain('In questo momento siamo aperti, fino alle 12:30.');

    at(nextWeekdayAt(3, '13:10'));
    const lunch = await first('a che ora aprite?');
    expect(lunch.response).toContain('In questo momento siamo chiusi: riapriamo oggi alle 15:30.');
    expect(lunch.link).toBe('/app/shift');

    at(nextWeekdayAt(6, '20:00'));
    expect((await first('siete aperti adesso?')).response).toContain('riapriamo lunedì alle 8:30');
    expect((await first('Siete aperti domenica?')).response).toMatch(/^Domenica siamo chiusi\./);
    expect((await first('che orario fate domani?')).response).toMatch(/^Domani \(domenica\) siamo chiusi\./);
  });

  it('gives the phone number with call and WhatsApp buttons', async () => {
    const r = await first('Qual è il vostro numero di telefono?');
    expect(r.response).toContain('049 875 1234');
    expect(r.buttons).toContainEqual({ label: 'Chiama', link: 'tel:0498751234' });
    expect(r.buttons.find((b) => b.label === 'WhatsApp')?.link).toMatch(/^https:\/\/wa\.me\/393331112233\?text=/);
  });

  it('tells where the shop is', async () => {
    const r = await first('Dove vi trovate?');
    expect(r.response).toBe('Farmacia San Marco si trova in Via Roma 12, 35122 Padova (PD).');
  });

  it('names the pharmacies on duty today and on a given day', async () => {
    at(nextWeekdayAt(3, '12:00'));
    const today = await first('Chi è di turno oggi?');
    expect(today.response).toMatch(/^Oggi, mercoledì \d+ \w+ \d{4}, è di turno:\n• Farmacia /);
    expect(today.response).toContain('dalle 19:30 alle 8:30 del giorno dopo');
    expect(today.link).toBe('/app/shift');

    const sunday = await first('qual è la farmacia di guardia domenica?');
    // Sundays have a day shift and a night shift.
    expect(sunday.response).toMatch(/^Domenica \d+ \w+ \d{4} sono di turno:\n/);
    expect(sunday.response).toContain('dalle 8:30 alle 19:30');
  });

  it('finds a product in the catalogue with links to its page', async () => {
    const r = await first('Avete la tachipirina?');
    expect(r.response).toMatch(/^Sì, ecco cosa ho trovato per «tachipirina»:/);
    expect(r.buttons.length).toBeGreaterThan(0);
    for (const b of r.buttons) {
      expect(b.label).toMatch(/TACHIPIRINA/i);
      expect(b.link).toMatch(/^\/app\/product\/\d{9}$/);
    }
    expect(r.link).toBe('/app/search?q=tachipirina');

    const price = await first('quanto costa il moment?');
    expect(price.response).toMatch(/MOMENT.*\d+,\d\d\s€/i);

    const none = await first('vendete il zzzyyyxxx?');
    expect(none.response).toContain('Non ho trovato prodotti per «zzzyyyxxx»');
  });

  it('explains a service, its price and how to book it', async () => {
    const r = await first('Vorrei misurare la pressione');
    expect(r.response).toMatch(/^Misurazione della pressione: costa \d+,\d\d\s€ e dura circa \d+ minuti\. Per prenotarlo/);
    expect(r.link).toMatch(/^\/app\/reservations\/\d+$/);
    expect(r.textLink).toBe('Prenota Misurazione della pressione');

    const list = await first('Quali servizi offrite?');
    expect(list.response).toContain("Puoi prenotare dall'app: Misurazione della pressione");
    expect(list.link).toBe('/app/services');
  });

  it('answers from the FAQ of the shop', async () => {
    const recipe = await first('Come invio una ricetta elettronica?');
    expect(recipe.response).toContain('codice NRE');
    const delivery = await first('fate consegne a domicilio?');
    expect(delivery.response).toMatch(/^Sì, consegniamo i prodotti da banco/);
    const loyalty = await first('come funziona la carta fedeltà?');
    expect(loyalty.response).toContain('Ogni acquisto completato ti fa guadagnare punti sulla carta, tranne i medicinali');
  });

  it('asks an anonymous user to log in for their orders and bookings', async () => {
    const r = await first('Qual è lo stato del mio ordine?');
    expect(r.response).toBe('Per conoscere lo stato dei tuoi ordini accedi al tuo account.');
    expect(r.link).toBe('/auth/login?redirect=%2Fapp%2Forders');
    expect((await first('le mie prenotazioni')).link).toBe('/auth/login?redirect=%2Fapp%2Freservations');
  });

  it("tells a logged-in customer their orders' status, bookings and points", async () => {
    at(new Date());
    const orders = await first('a che punto è il mio ordine?', customer);
    expect(orders.response).toMatch(new RegExp(`Ordine n\\. ${orderId} del \\d\\d/\\d\\d/\\d{4}: In consegna`));
    expect(orders.buttons).toContainEqual({ label: `Ordine n. ${orderId}`, link: `/app/orders/${orderId}` });

    const one = await first(`ordine ${orderId}`, customer);
    expect(one.response).toMatch(new RegExp(`^L'ordine n\\. ${orderId} del .* è: In consegna\\.$`));
    expect((await first('dov è il mio ordine 99999?', customer)).response).toBe("Non trovo l'ordine n. 99999 tra i tuoi ordini.");

    const bookings = await first('quando ho la mia prenotazione?', customer);
    expect(bookings.response).toMatch(/^Hai una prenotazione in programma:\n• /);
    expect(bookings.link).toBe('/app/reservations');

    const points = await first('quanti punti ho?', customer);
    expect(points.response).toMatch(/^Sulla tua Carta Fedeltà n\. 2\d{12} hai 240 punti\./);
    expect(points.link).toBe('/app/fidelityCard');
    // One point is "1 punto" (the count goes through the contract's plural forms, decision 0694).
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', 'cliente@farmacia.demo').executeTakeFirstOrThrow();
    await t.app.db.updateTable('loyalty_cards').set({ score: 1 }).where('user_id', '=', user.id).execute();
    expect((await first('quanti punti ho?', customer)).response).toMatch(/^Sulla tua Carta Fedeltà n\. 2\d{12} hai 1 punto\./);
    await t.app.db.updateTable('loyalty_cards').set({ score: 12400 }).where('user_id', '=', user.id).execute();
    expect((await first('quanti punti ho?', customer)).response).toMatch(/^Sulla tua Carta Fedeltà n\. 2\d{12} hai 12\.400 punti\./);
  });

  it('lists the current promotions', async () => {
    at(new Date());
    const r = await first('ci sono offerte in questo periodo?');
    expect(r.response).toContain('Protezione solare -20%');
    expect(r.link).toBe('/app/promotions');
  });

  it('answers the spec failure reply to what it cannot understand', async () => {
    const r = await first('asdfgh qwerty zxcvbn poiuy lkjhg');
    expect(r.response).toBe('Scusami, non riesco a capire la tua richiesta. Puoi ripetere inserendo più informazioni? grazie!');
    expect((await first('blorf')).response).toBe(messages.chat.failure);
  });

  it('says you are welcome', async () => {
    expect((await first('grazie mille')).response).toMatch(/^Prego!/);
  });

  it('refuses an empty or too long message', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/chatbot?message=%20', remoteAddress: '10.2.0.1' });
    expect(empty.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(empty.json()).errors?.message).toEqual([messages.chat.messageRequired]);
    const long = await t.app.inject({ method: 'GET', url: `/api/chatbot?message=${'a'.repeat(501)}`, remoteAddress: '10.2.0.1' });
    expect(long.statusCode).toBe(422);
  });

  it('limits how fast one client can ask', async () => {
    const hit = () => t.app.inject({ method: 'GET', url: '/api/chatbot?message=ciao', remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 30; i++) expect((await hit()).statusCode).toBe(200);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is off where the shop did not turn it on', async () => {
    await t.app.db.updateTable('options').set({ value: '0' }).where('shop_id', '=', 1).where('key', '=', 'chatbot').execute();
    forgetShopFacts(t.app.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/chatbot?message=ciao', remoteAddress: '10.4.0.1' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(res.json()).message).toBe(messages.chat.disabled);
    await t.app.db.updateTable('options').set({ value: '1' }).where('shop_id', '=', 1).where('key', '=', 'chatbot').execute();
    forgetShopFacts(t.app.db);
  });
});

describe(`virtual assistant with a language model configured (${testEngine})`, () => {
  let t: TestApp;
  let llm: Server;
  const requests: Array<{ auth: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];
  let failNext = false;

  beforeAll(async () => {
    llm = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
        if (failNext) {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Certo: il parcheggio è in piazza.' } }] }));
      });
    });
    await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1/chat/completions`;
    t = await buildTestApp({ outboxWorker: false, demoCatalogueSize: 30, chatbotLlm: { url, model: 'test-model', apiKey: 'k-123' } });
    await seedDemo(t.app);
    forgetShopFacts(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => llm.close(() => resolve()));
  });

  const ask = async (message: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/chatbot?message=${encodeURIComponent(message)}` });
    return ChatResponseSchema.parse(res.json()).data[0]?.response;
  };

  it('asks the model only what retrieval cannot answer, with the shop facts as context', async () => {
    expect(await ask('Chi è di turno oggi?')).toMatch(/di turno/);
    expect(requests).toHaveLength(0);
    expect(await ask('si parcheggia vicino alla farmacia nelle vicinanze della piazzetta?')).toBe('Certo: il parcheggio è in piazza.');
    expect(requests).toHaveLength(1);
    const sent = requests[0];
    expect(sent?.auth).toBe('Bearer k-123');
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.messages[0]?.content).toContain('Farmacia San Marco');
    expect(sent?.body.messages[0]?.content).toContain('D: Come invio una ricetta elettronica?');
  });

  it('falls back to the failure reply when the model fails', async () => {
    failNext = true;
    expect(await ask('si parcheggia vicino alla farmacia nelle vicinanze della piazzetta?')).toBe(messages.chat.failure);
  });
});
