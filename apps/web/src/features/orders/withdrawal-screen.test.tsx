import { type OrderWithdrawal, withdrawalMessages } from '@farmacia/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { loggedInForEachTest } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { WithdrawalForm } from './withdrawal-screen';

const FACTS: OrderWithdrawal = {
  order_id: 41,
  order_created_at: '2026-06-15T09:00:00.000Z',
  withdrawable: true,
  reason: null,
  last_day: '2026-07-06',
  lines: [
    { code: '012745093', name: 'Tachipirina 500 mg', quantity: 1, withdrawable: false, reason: withdrawalMessages.lineRefusal.medicine },
    { code: '934567890', name: 'Crema mani nutriente', quantity: 2, withdrawable: true, reason: null },
  ],
  name: 'Giulia Bianchi',
  email: 'giulia@example.it',
  withdrawal: null,
};

const SENT = {
  id: 3,
  order_id: 41,
  name: 'Giulia Bianchi',
  email: 'giulia@example.it',
  lines: [{ code: '934567890', name: 'Crema mani nutriente', quantity: 2 }],
  submitted_at: '2026-07-03T16:45:00.000Z',
};

loggedInForEachTest();

describe('the withdrawal function (art. 11a, decision 0698)', () => {
  it('step 1 prefills name, email and order, offers the returnable lines and shows the medicine excluded with why', async () => {
    mockFetch({});
    renderInApp(() => <WithdrawalForm facts={FACTS} />);
    expect(((await screen.findByLabelText('Nome e cognome')) as HTMLInputElement).value).toBe('Giulia Bianchi');
    expect((screen.getByLabelText('Email per la conferma di ricezione') as HTMLInputElement).value).toBe('giulia@example.it');
    expect(screen.getByText('n. 41 del 15/06/2026')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '2 × Crema mani nutriente' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /Tachipirina/ })).toBeNull();
    expect(screen.getByText('1 × Tachipirina 500 mg')).toBeTruthy();
    expect(screen.getByText(withdrawalMessages.lineRefusal.medicine)).toBeTruthy();
  });

  it('checks step 1 with the contract: no name, no line → the messages, and no step 2', async () => {
    const { calls } = mockFetch({});
    renderInApp(() => <WithdrawalForm facts={FACTS} />);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Nome e cognome'));
    await user.click(screen.getByRole('checkbox', { name: '2 × Crema mani nutriente' }));
    await user.click(screen.getByRole('button', { name: 'Continua' }));
    expect(screen.getByText('Campo obbligatorio.')).toBeTruthy();
    expect(screen.getByText(withdrawalMessages.linesRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nome e cognome'));
    expect(screen.queryByRole('button', { name: 'Conferma recesso' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('step 2 «Conferma recesso» sends name, email, lines and the form id once, then shows the receipt', async () => {
    const { calls } = mockFetch({ 'POST /api/order/41/withdrawal': json({ data: SENT }) });
    renderInApp(() => <WithdrawalForm facts={FACTS} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continua' }));
    const step2 = screen.getByRole('heading', { name: withdrawalMessages.stepConfirm });
    expect(document.activeElement).toBe(step2);
    expect(screen.getByText('Conferma di ricezione a giulia@example.it per Giulia Bianchi.')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Conferma recesso' }));
    expect(await screen.findByRole('heading', { name: 'Recesso inviato' })).toBeTruthy();
    expect(screen.getByText('Abbiamo ricevuto il tuo recesso il 03/07/2026 alle 18:45. Ti abbiamo inviato la conferma di ricezione a giulia@example.it.')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ name: 'Giulia Bianchi', email: 'giulia@example.it', lines: ['934567890'] });
    expect(((posts[0]?.body ?? {}) as { request_id?: string }).request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("shows the server's refusal in Italian on step 2", async () => {
    mockFetch({
      'POST /api/order/41/withdrawal': json({ code: 'WITHDRAWAL_PERIOD_OVER', message: 'Il periodo di recesso di 14 giorni è terminato il 06/07/2026.' }, 409),
    });
    renderInApp(() => <WithdrawalForm facts={FACTS} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continua' }));
    await user.click(screen.getByRole('button', { name: 'Conferma recesso' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Il periodo di recesso di 14 giorni è terminato il 06/07/2026.');
  });
});
