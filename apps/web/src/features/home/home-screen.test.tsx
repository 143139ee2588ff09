import type { OptionsClean } from '@farmacia/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { HomeScreen } from './home-screen';

/** jsdom has no layout observers; the carousel's library needs them to exist (they never fire here). */
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const OPTIONS: OptionsClean = {
  shop_name: 'Farmacia San Marco',
  call_number: '049 875 1234',
  open_on: { timezone: 'Europe/Rome', text: 'Lun–Sab 9–19', week: [{ day: 1, label: 'Lunedì', intervals: [{ from: '09:00', to: '19:00' }] }] },
  chatbot: '0',
  slides_image: [{ image: '/api/media/1/slide-1.svg', url: '/app/services', alt: 'Misura la pressione' }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', InertObserver);
    vi.stubGlobal('ResizeObserver', InertObserver);
  });

  it('renders its lower sections after the top (decision 0594), in page order and reachable by keyboard', async () => {
    mockFetch({ 'GET /api/optionsClean': json({ data: OPTIONS }), 'GET /api/shops': json({ data: [{ id: 1, name: 'Farmacia San Marco' }], userShop: null }) });
    renderInApp(() => <HomeScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Farmacia San Marco' })).toBeTruthy();
    // The sections the screen renders after its top's frame all come.
    expect(await screen.findByRole('heading', { name: 'Orari di apertura' })).toBeTruthy();
    const call = screen.getByRole('link', { name: /^Chiama/ });
    const login = await screen.findByRole('link', { name: 'Accedi' });
    expect(login.getAttribute('href')).toBe('/auth/login?redirect=%2Fapp%2Fhome');
    // The last step comes too (no box stands in any more); the keyboard reaches them in the page's order.
    await waitFor(() => expect(document.querySelector('.home__later')).toBeNull());
    const user = userEvent.setup();
    const reached: Element[] = [];
    for (let i = 0; i < 20 && document.activeElement !== login; i++) {
      await user.tab();
      if (document.activeElement) reached.push(document.activeElement);
    }
    expect(document.activeElement).toBe(login);
    expect(reached.indexOf(call)).toBeGreaterThanOrEqual(0);
    expect(reached.indexOf(call)).toBeLessThan(reached.indexOf(login));
  });
});
