import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { addDays, isoWeekday, romeDay } from '../bookings/index.js';
import { setShopOption } from '../shops/index.js';
import { insertDutyShifts } from './media.repository.js';
import type { DutyShiftRow } from './media.table.js';

interface Pharmacy {
  name: string;
  address: string;
  phone: string;
}

/** The demo shops and three neighbours each, who share the on-duty rota (same order as the shop seed). */
const AREAS: Array<{ own: Omit<Pharmacy, 'name'>; neighbours: Pharmacy[]; open: string; close: string }> = [
  {
    own: { address: 'Via Roma 12, 35122 Padova (PD)', phone: '049 875 1234' },
    neighbours: [
      { name: 'Farmacia Al Duomo', address: 'Piazza Duomo 3, 35141 Padova (PD)', phone: '049 660 1122' },
      { name: 'Farmacia Santa Croce', address: 'Via Santa Croce 21, 35123 Padova (PD)', phone: '049 880 4455' },
      { name: 'Farmacia Portello', address: 'Via Portello 8, 35129 Padova (PD)', phone: '049 807 3366' },
    ],
    open: '08:30',
    close: '19:30',
  },
  {
    own: { address: 'Corso Vittorio Emanuele II 45, 10125 Torino (TO)', phone: '011 562 3344' },
    neighbours: [
      { name: 'Farmacia Porta Nuova', address: 'Via Nizza 2, 10125 Torino (TO)', phone: '011 650 7788' },
      { name: 'Farmacia San Salvario', address: 'Via Madama Cristina 30, 10125 Torino (TO)', phone: '011 669 2211' },
      { name: 'Farmacia Crocetta', address: 'Corso Einaudi 18, 10129 Torino (TO)', phone: '011 591 4433' },
    ],
    open: '08:00',
    close: '20:00',
  },
];

/**
 * Demo on-duty rota: every night one pharmacy of the area covers closing to opening, and on
 * Sundays one covers the day, in rotation (the demo shop is on duty every fourth turn). Starts a
 * week back so "yesterday night" questions have an answer. Then the `turni` and `volantino`
 * options point at the PDFs this module serves.
 */
export async function seedMedia(app: FastifyInstance, shops: Array<{ id: number; name: string }>): Promise<void> {
  const at = nowIso();
  const start = addDays(romeDay(new Date()), -7);
  for (const [index, shop] of shops.entries()) {
    const area = AREAS[index % AREAS.length];
    if (!area) continue;
    const rota: Array<Pharmacy & { own: boolean }> = [
      { name: shop.name, ...area.own, own: true },
      ...area.neighbours.map((n) => ({ ...n, own: false })),
    ];
    const rows: Array<Omit<DutyShiftRow, 'id'>> = [];
    let turn = index;
    for (let d = 0; d < 70; d++) {
      const day = addDays(start, d);
      const shift = (from: string, to: string) => {
        const p = rota[turn++ % rota.length] as Pharmacy & { own: boolean };
        rows.push({
          shop_id: shop.id,
          day,
          start_time: from,
          end_time: to,
          pharmacy_name: p.name,
          address: p.address,
          phone: p.phone,
          is_own_shop: p.own ? 1 : 0,
          created_at: at,
        });
      };
      if (isoWeekday(day) === 7) shift(area.open, area.close);
      shift(area.close, area.open);
    }
    await app.db.transaction().execute(async (trx) => {
      await insertDutyShifts(trx, rows);
      await setShopOption(trx, shop.id, 'turni', `/api/media/turni.pdf?shop_id=${shop.id}`, at);
      await setShopOption(trx, shop.id, 'volantino', `/api/media/volantino.pdf?shop_id=${shop.id}`, at);
    });
  }
}
