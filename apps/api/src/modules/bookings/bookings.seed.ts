import { easterSunday } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { createEvent } from '../events/index.js';
import {
  createCategory,
  createGroup,
  createService,
  createShopService,
  getServiceRow,
  type NewService,
} from '../services/index.js';
import { createClosure, createStaffMember } from '../staff/index.js';
import { slotRulesFor } from './availability.service.js';
import { book } from './bookings.service.js';
import { addDays, isoWeekday, romeDay, romeInstant } from './rome-time.js';
import { freeSlots, type WeeklyHours } from './slots.js';

/**
 * Demo services, staff, closures and events of both shops (README "Demo"). The first three
 * services get ids 1–3, which the shop's `select_service` option features on the home page.
 * Dates are relative to the day the demo is seeded, so the calendar always has something to show.
 */

type Shop = { id: number; name: string };

const hours = (days: number[], ...intervals: [string, string][]): WeeklyHours[] =>
  days.flatMap((weekday) => intervals.map(([start, end]) => ({ weekday, start, end })));

const MON_FRI = [1, 2, 3, 4, 5];

/** Italian public holidays of a year (national ones; the patron saint's day is the shop's to add). */
export function italianHolidays(year: number): { day: string; name: string }[] {
  const fixed: [string, string][] = [
    ['01-01', 'Capodanno'],
    ['01-06', 'Epifania'],
    ['04-25', 'Festa della Liberazione'],
    ['05-01', 'Festa del Lavoro'],
    ['06-02', 'Festa della Repubblica'],
    ['08-15', 'Ferragosto'],
    ['11-01', 'Ognissanti'],
    ['12-08', 'Immacolata Concezione'],
    ['12-25', 'Natale'],
    ['12-26', 'Santo Stefano'],
  ];
  return [
    ...fixed.map(([md, name]) => ({ day: `${year}-${md}`, name })),
    { day: addDays(easterSunday(year), 1), name: "Lunedì dell'Angelo" },
  ];
}

/** The first `weekday` (ISO) at least `minDays` after `from`. */
function nextWeekday(from: string, weekday: number, minDays: number): string {
  let day = addDays(from, minDays);
  while (isoWeekday(day) !== weekday) day = addDays(day, 1);
  return day;
}

const SAN_MARCO_SERVICES: Omit<NewService, 'shopId' | 'categoryId'>[] = [
  {
    name: 'Misurazione della pressione',
    description:
      '<p>Misurazione della <strong>pressione arteriosa</strong> e della frequenza cardiaca con apparecchio validato. Ti consegniamo il referto con i valori e, se serve, il consiglio di sentire il medico.</p><p>Presentati a riposo da almeno 5 minuti, senza aver fumato o bevuto caffè nell’ultima mezz’ora.</p>',
    priceCents: 300,
    duration: 10,
    paddingAfter: 5,
    showPrice: true,
    bookingCancellations: 1,
  },
  {
    name: 'Elettrocardiogramma',
    description:
      '<p>ECG a 12 derivazioni in <strong>telecardiologia</strong>: il tracciato viene refertato da un cardiologo e il referto arriva entro 24 ore.</p><p>Porta con te eventuali ECG precedenti e l’elenco dei farmaci che assumi.</p>',
    priceCents: 2500,
    duration: 20,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 2,
  },
  {
    name: 'Test della glicemia',
    description:
      '<p>Autoanalisi della <strong>glicemia</strong> da sangue capillare, con risultato immediato. Per la glicemia a digiuno presentati senza aver mangiato da almeno 8 ore.</p>',
    priceCents: 400,
    duration: 10,
    paddingAfter: 5,
    showPrice: true,
    bookingCancellations: 1,
  },
  {
    name: 'Autoanalisi del colesterolo',
    description:
      '<p>Profilo lipidico completo (colesterolo totale, HDL, LDL e trigliceridi) da sangue capillare in pochi minuti. Consigliato il digiuno da 12 ore.</p>',
    priceCents: 1500,
    duration: 15,
    paddingAfter: 5,
    showPrice: true,
    bookingCancellations: 1,
  },
  {
    name: 'Holter pressorio 24 ore',
    description:
      '<p>Monitoraggio della pressione per 24 ore con un apparecchio che misura da solo i valori durante la giornata e la notte. L’appuntamento è per l’applicazione: il giorno dopo riporti l’apparecchio in farmacia.</p>',
    priceCents: 5000,
    duration: 20,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 2,
  },
  {
    name: 'Holter cardiaco 24 ore',
    description:
      '<p>Registrazione continua dell’ECG per 24 ore, refertata da un cardiologo. L’appuntamento è per l’applicazione degli elettrodi; indossa abiti comodi.</p>',
    priceCents: 6000,
    duration: 20,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 2,
  },
  {
    name: 'Tampone antigenico rapido',
    description:
      '<p>Test antigenico rapido su tampone nasale per <strong>COVID-19</strong> e influenza, con esito in 15 minuti. Non presentarti in farmacia con febbre alta: chiamaci.</p>',
    priceCents: 1500,
    duration: 15,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 1,
  },
  {
    name: 'Consulenza nutrizionale',
    description:
      '<p>Un incontro con la nostra farmacista nutrizionista: analisi della composizione corporea, abitudini alimentari e un piano personalizzato. Il costo ti viene indicato in farmacia in base al percorso scelto.</p>',
    priceCents: 3500,
    duration: 45,
    paddingAfter: 15,
    showPrice: false,
    bookingCancellations: 2,
  },
  {
    name: 'Foratura lobi',
    description:
      '<p>Foratura dei lobi con sistema sterile monouso e orecchini in acciaio anallergico inclusi. Per i minori serve la presenza di un genitore.</p>',
    priceCents: 2500,
    duration: 15,
    paddingAfter: 15,
    showPrice: true,
    bookingCancellations: 1,
  },
];

export async function seedBookings(app: FastifyInstance, shops: Shop[]): Promise<void> {
  const [sanMarco, centrale] = shops;
  if (!sanMarco) return;
  const db = app.db;
  const today = romeDay(app.clock.now());

  // --- Farmacia San Marco: services 1–3 first (featured on the home page) ------------------------
  const controls = await createCategory(db, sanMarco.id, 'Controlli e prevenzione', 'Misurazioni, autoanalisi e telemedicina in farmacia.', 1);
  const tests = await createCategory(db, sanMarco.id, 'Tamponi e test rapidi', 'Test con esito in pochi minuti.', 2);
  const advice = await createCategory(db, sanMarco.id, 'Consulenze', 'Incontri dedicati con i nostri professionisti.', 3);
  const beauty = await createCategory(db, sanMarco.id, 'Benessere e bellezza', null, 4);
  const inShop = await createCategory(db, sanMarco.id, 'Servizi della farmacia', 'Servizi su richiesta: contattaci per informazioni.', 5);
  const categoryOf = (name: string) =>
    name === 'Tampone antigenico rapido' ? tests : name === 'Consulenza nutrizionale' ? advice : name === 'Foratura lobi' ? beauty : controls;

  const ids: Record<string, number> = {};
  let order = 0;
  for (const s of SAN_MARCO_SERVICES) {
    ids[s.name] = await createService(db, { ...s, shopId: sanMarco.id, categoryId: categoryOf(s.name), sortOrder: order++ });
  }
  // Offered only inside events: no category, reached from the event page.
  const skin = await createService(db, {
    shopId: sanMarco.id,
    categoryId: null,
    name: 'Analisi della pelle',
    description: '<p>Analisi della pelle del viso con dermocamera e consiglio personalizzato della nostra esperta.</p>',
    priceCents: 0,
    duration: 20,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 1,
  });
  const hearing = await createService(db, {
    shopId: sanMarco.id,
    categoryId: null,
    name: 'Test dell’udito',
    description: '<p>Controllo gratuito dell’udito in cabina silente con un audioprotesista.</p>',
    priceCents: 0,
    duration: 20,
    paddingAfter: 10,
    showPrice: true,
    bookingCancellations: 1,
  });
  const id = (name: string) => ids[name] as number;

  const conti = await createStaffMember(db, {
    shopId: sanMarco.id,
    name: 'Dott.ssa Giulia Conti',
    serviceIds: [
      id('Misurazione della pressione'),
      id('Elettrocardiogramma'),
      id('Test della glicemia'),
      id('Autoanalisi del colesterolo'),
      id('Holter pressorio 24 ore'),
      id('Holter cardiaco 24 ore'),
      id('Tampone antigenico rapido'),
      skin,
    ],
    hours: [...hours(MON_FRI, ['08:30', '12:30'], ['15:30', '19:30']), ...hours([6], ['08:30', '12:30'])],
  });
  const ferri = await createStaffMember(db, {
    shopId: sanMarco.id,
    name: 'Dott. Marco Ferri',
    serviceIds: [
      id('Misurazione della pressione'),
      id('Test della glicemia'),
      id('Autoanalisi del colesterolo'),
      id('Tampone antigenico rapido'),
      id('Consulenza nutrizionale'),
      id('Foratura lobi'),
      hearing,
    ],
    hours: [...hours([2, 4], ['15:30', '19:30']), ...hours([3, 5, 6], ['08:30', '12:30'])],
  });

  // A Saturday closure (inventory) and the national holidays of the calendar range.
  await createClosure(db, {
    shopId: sanMarco.id,
    staffId: null,
    from: nextWeekday(today, 6, 7),
    to: nextWeekday(today, 6, 7),
    reason: 'Chiusura per inventario',
  });
  const horizon = addDays(today, 120);
  for (const year of new Set([Number(today.slice(0, 4)), Number(horizon.slice(0, 4))])) {
    for (const holiday of italianHolidays(year)) {
      if (holiday.day < today || holiday.day > horizon) continue;
      for (const shop of shops) {
        await createClosure(db, { shopId: shop.id, staffId: null, from: holiday.day, to: holiday.day, reason: holiday.name });
      }
    }
  }
  // Dott. Ferri's week off in three weeks' time.
  const holidayStart = nextWeekday(today, 1, 21);
  await createClosure(db, { shopId: sanMarco.id, staffId: ferri, from: holidayStart, to: addDays(holidayStart, 4), reason: 'Ferie' });

  // Shop services, loose and in groups.
  const rental = await createGroup(
    db,
    sanMarco.id,
    inShop,
    'Noleggio apparecchi sanitari',
    '<p>Apparecchi igienizzati e pronti all’uso, a noleggio giornaliero. Cauzione restituita alla riconsegna.</p>',
  );
  const home = await createGroup(db, sanMarco.id, inShop, 'Servizi a domicilio', '<p>Quando non puoi venire in farmacia, veniamo noi da te.</p>');
  const shopServices: [number | null, string, string, number | null][] = [
    [rental, 'Noleggio tiralatte elettrico', '<p>Tiralatte elettrico doppio a uso ospedaliero, con kit personale monouso.</p>', 300],
    [rental, 'Noleggio aerosol', '<p>Apparecchio per aerosol a pistone con ampolla e mascherine.</p>', 200],
    [rental, 'Noleggio bilancia pesa-neonati', '<p>Bilancia elettronica con precisione di 5 grammi.</p>', 250],
    [rental, 'Noleggio stampelle e carrozzina', '<p>Disponibilità e costi su richiesta.</p>', null],
    [home, 'Consegna a domicilio', '<p>Consegniamo farmaci e prodotti a casa tua in giornata a Padova, gratis sopra i 30 €.</p>', null],
    [home, 'Infermiere a domicilio', '<p>Iniezioni, medicazioni e prelievi a domicilio con infermieri professionali convenzionati.</p>', null],
    [null, 'Prenotazione visite ed esami CUP', '<p>Prenotiamo per te visite ed esami del Servizio Sanitario Regionale.</p>', 0],
    [null, 'Ritiro referti', '<p>Stampa dei referti del Fascicolo Sanitario Elettronico.</p>', 0],
  ];
  for (const [groupId, name, description, priceCents] of shopServices) {
    await createShopService(db, { shopId: sanMarco.id, categoryId: inShop, groupId, name, description, priceCents });
  }

  // Two events with availabilities in the coming weeks.
  const skinDay = nextWeekday(today, 4, 9);
  await createEvent(db, {
    shopId: sanMarco.id,
    name: 'Giornata della pelle',
    description:
      '<p>Una giornata dedicata alla pelle: analisi gratuita con dermocamera e consigli personalizzati per la cura del viso.</p>',
    serviceIds: [skin],
    windows: [skinDay, addDays(skinDay, 14)].map((day) => ({
      start: new Date(romeInstant(day, '09:00')),
      end: new Date(romeInstant(day, '12:30')),
    })),
  });
  const hearingDay = nextWeekday(today, 2, 12);
  await createEvent(db, {
    shopId: sanMarco.id,
    name: 'Screening udito',
    description: '<p>Controllo gratuito dell’udito con un audioprotesista qualificato. Durata circa 20 minuti.</p>',
    serviceIds: [hearing, id('Misurazione della pressione')],
    windows: [hearingDay, addDays(hearingDay, 21)].map((day) => ({
      start: new Date(romeInstant(day, '15:00')),
      end: new Date(romeInstant(day, '18:00')),
    })),
  });

  // --- Farmacia Centrale: a smaller offer -------------------------------------------------------
  if (centrale) {
    const cat = await createCategory(db, centrale.id, 'Controlli e prevenzione', 'Misurazioni e test rapidi.', 1);
    const pressure = await createService(db, {
      ...(SAN_MARCO_SERVICES[0] as NewService),
      shopId: centrale.id,
      categoryId: cat,
      priceCents: 200,
    });
    const swab = await createService(db, {
      ...(SAN_MARCO_SERVICES[6] as NewService),
      shopId: centrale.id,
      categoryId: cat,
    });
    await createStaffMember(db, {
      shopId: centrale.id,
      name: 'Dott.ssa Sara Moretti',
      serviceIds: [pressure, swab],
      hours: [...hours([1, 2, 3, 4, 5, 6], ['08:00', '13:00'], ['14:00', '20:00']), ...hours([7], ['09:00', '13:00'])],
    });
    await createShopService(db, {
      shopId: centrale.id,
      categoryId: cat,
      groupId: null,
      name: 'Consegna a domicilio',
      description: '<p>Consegna in giornata a Torino centro.</p>',
      priceCents: null,
    });
  }

  await seedDemoBooking(app, sanMarco.id, id('Misurazione della pressione'), conti);
}

/** The demo customer has one upcoming booking, so the list and the tab badge show something. */
async function seedDemoBooking(app: FastifyInstance, shopId: number, serviceId: number, staffId: number): Promise<void> {
  const customer = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'cliente@farmacia.demo')
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  if (!customer) return;
  const now = app.clock.now();
  const service = await getServiceRow(app.db, serviceId);
  let day = addDays(romeDay(now), 5);
  for (let tries = 0; tries < 14; tries++, day = addDays(day, 1)) {
    const slot = freeSlots(await slotRulesFor(app.db, service, day, day, now, { staffId }), day)[2];
    if (!slot) continue;
    await book(app, customer.id, serviceId, { staff_id: staffId, day, start_appointment: slot.time, note: 'Misurazione di controllo mensile.' }, now);
    return;
  }
}
