import { describe, expect, it } from 'vitest';
import { groupEventsByDay } from './events-api';

describe('events list', () => {
  const service = {
    id: 1,
    category_id: null,
    name: 'Analisi della pelle',
    description: '',
    price: 0,
    duration: 20,
    padding_after: 10,
    show_price: true,
    booking_cancellations: 1,
  };

  it('groups events by the Rome day of each availability start', () => {
    const groups = groupEventsByDay([
      {
        id: 2,
        name: 'Screening udito',
        description: '',
        services: [service],
        availabilities: [{ id: 5, start_at: '2027-03-10T14:00:00.000Z', end_at: '2027-03-10T17:00:00.000Z' }],
      },
      {
        id: 1,
        name: 'Giornata della pelle',
        description: '',
        services: [service],
        availabilities: [
          // 23:30 UTC on the 9th is already the 10th in Rome.
          { id: 3, start_at: '2027-03-09T23:30:00.000Z', end_at: '2027-03-10T02:00:00.000Z' },
          { id: 4, start_at: '2027-03-02T08:00:00.000Z', end_at: '2027-03-02T11:00:00.000Z' },
        ],
      },
    ]);
    expect(groups.map((g) => g.day)).toEqual(['2027-03-02', '2027-03-10']);
    expect(groups[1]?.items.map((i) => i.event.name)).toEqual(['Giornata della pelle', 'Screening udito']);
  });
});
