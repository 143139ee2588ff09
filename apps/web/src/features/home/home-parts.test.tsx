import { CAROUSEL_AUTOPLAY_MS, type OptionsClean, type ShopsResponse, type Slide } from '@farmacia/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/session';
import { fakeToken, json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { countOf } from './home-api';
import { HomeCarousel, initialSlideIndex } from './home-carousel';
import { visibleQuickActions } from './quick-actions';
import { HomeScreen } from './home-screen';
import { ShopPicker } from './shop-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToken();
});

describe('home helpers', () => {
  it('starts the carousel on slide index 1 when there is one (spec §9)', () => {
    expect(initialSlideIndex(3)).toBe(1);
    expect(initialSlideIndex(1)).toBe(0);
    expect(initialSlideIndex(0)).toBe(0);
  });

  it('counts a list in any of the envelopes the API uses', () => {
    expect(countOf([1, 2])).toBe(2);
    expect(countOf({ data: [1, 2, 3] })).toBe(3);
    expect(countOf({ data: { data: [1] } })).toBe(1);
    expect(countOf({ data: null })).toBeNull();
    expect(countOf(undefined)).toBeNull();
  });

  it('shows only the quick buttons whose screen exists', () => {
    const existing = new Set(['/app/search', '/app/services']);
    expect(visibleQuickActions((path) => existing.has(path)).map((a) => a.to)).toEqual(['/app/search', '/app/services']);
  });
});

const SLIDES: Slide[] = [
  { image: '/api/media/1/slide-1.svg', url: '/app/services', alt: 'Misura la pressione' },
  { image: '/api/media/1/slide-2.svg', url: '/app/prescription', alt: 'La tua ricetta in app' },
  { image: '/api/media/1/slide-3.svg', url: '/app/promotions', alt: 'Estate al sicuro' },
];

/** jsdom has no layout observers; Embla needs them to exist (they never fire here). */
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** The carousel with slides that come later (a refetch of the shop's options), as a test drives them. */
let setLateSlides: (slides: Slide[]) => void = () => undefined;
function LateSlides() {
  const [slides, setSlides] = useState<Slide[]>([]);
  setLateSlides = setSlides;
  return (
    <>
      <p>slides: {slides.length}</p>
      <HomeCarousel slides={slides} />
    </>
  );
}

/** Embla has started once it has placed the track itself (in pixels; the server's copy uses a percentage). */
async function touchStartsEmbla(slideName: string) {
  const image = await screen.findByRole('img', { name: slideName });
  const track = document.querySelector<HTMLElement>('.carousel__track');
  // A few frames after the first render: still the server's percentage, no Embla yet.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  expect(track?.style.transform).toBe('translate3d(-100%, 0px, 0px)');
  // The touch's capture phase creates Embla before the event reaches the viewport it listens on.
  image.dispatchEvent(new Event('touchstart', { bubbles: true, cancelable: true }));
  expect(track?.style.transform).not.toContain('%');
}

describe('HomeCarousel', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', InertObserver);
    vi.stubGlobal('ResizeObserver', InertObserver);
  });

  it('starts on the second slide, hides the others from assistive technology, and can be paused and moved', async () => {
    renderInApp(() => <HomeCarousel slides={SLIDES} />);
    const user = userEvent.setup();
    const dot2 = await screen.findByRole('button', { name: 'Vai alla diapositiva 2' });
    await waitFor(() => expect(dot2.getAttribute('aria-current')).toBe('true'));
    // Only the current slide is exposed.
    expect(screen.getByRole('img', { name: 'La tua ricetta in app' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Misura la pressione' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Metti in pausa lo scorrimento' }));
    expect(screen.getByRole('button', { name: 'Avvia lo scorrimento' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Vai alla diapositiva 3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vai alla diapositiva 3' }).getAttribute('aria-current')).toBe('true'));
    expect(screen.getByRole('link', { name: 'Estate al sicuro' }).getAttribute('href')).toBe('/app/promotions');
  });

  it('starts Embla only on the first use, within that same event (decision 0601)', async () => {
    renderInApp(() => <HomeCarousel slides={SLIDES} />);
    await touchStartsEmbla('La tua ricetta in app');
  });

  it('starts Embla on the first use when the slides come after the first render', async () => {
    renderInApp(() => <LateSlides />);
    await screen.findByText('slides: 0');
    await act(async () => setLateSlides(SLIDES));
    await touchStartsEmbla('La tua ricetta in app');
  });

  it('moves on by itself at the autoplay interval without Embla, forward past the last slide, and Embla starts on the slide shown (spec §9, decision 0642)', async () => {
    renderInApp(() => <HomeCarousel slides={SLIDES} />);
    const dot = (n: number) => screen.getByRole('button', { name: `Vai alla diapositiva ${n}` });
    await screen.findByRole('button', { name: 'Vai alla diapositiva 2' });
    expect(dot(2).getAttribute('aria-current')).toBe('true');
    const track = document.querySelector<HTMLElement>('.carousel__track');
    const firstSlide = document.querySelector<HTMLElement>('.carousel__slide');
    const autoplayStep = async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout', 'clearInterval', 'clearTimeout'] });
      try {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(CAROUSEL_AUTOPLAY_MS + 10);
        });
      } finally {
        vi.useRealTimers();
      }
    };
    await autoplayStep();
    await waitFor(() => expect(dot(3).getAttribute('aria-current')).toBe('true'));
    // Still the percentage of the server's copy, one slide on, by a CSS transition: no Embla.
    expect(track?.style.transform).toBe('translate3d(-200%, 0px, 0px)');
    expect(track?.style.transition).toContain('linear(');
    // Past the last slide the first comes next, placed a lap further on: the track keeps going forward.
    await autoplayStep();
    await waitFor(() => expect(dot(1).getAttribute('aria-current')).toBe('true'));
    expect(track?.style.transform).toBe('translate3d(-300%, 0px, 0px)');
    expect(firstSlide?.style.transform).toBe('translate3d(300%, 0px, 0px)');
    const image = screen.getByRole('img', { name: 'Misura la pressione' });
    // The first touch starts Embla on the slide in view, with the track and the slides its own.
    image.dispatchEvent(new Event('touchstart', { bubbles: true, cancelable: true }));
    expect(track?.style.transform).not.toContain('%');
    expect(track?.style.transition).toBe('');
    expect(firstSlide?.style.transform ?? '').not.toContain('%');
    // Once Embla has reported the slide in view (its state comes a render later), still the first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dot(1).getAttribute('aria-current')).toBe('true');
    expect(dot(2).getAttribute('aria-current')).toBeNull();
  });

  it('has no controls for a single slide', async () => {
    renderInApp(() => <HomeCarousel slides={SLIDES.slice(0, 1)} />);
    expect(await screen.findByRole('img', { name: 'Misura la pressione' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

const SHOPS: ShopsResponse = {
  data: [
    { id: 1, name: 'Farmacia San Marco' },
    { id: 2, name: 'Farmacia Centrale' },
  ],
  userShop: { id: 1, name: 'Farmacia San Marco' },
};

describe('ShopPicker', () => {
  it('is not shown to a customer linked to one shop', async () => {
    setToken(fakeToken(2_000_000_000));
    const { calls } = mockFetch({ 'GET /api/shops': json({ data: [SHOPS.data[0]], userShop: SHOPS.userShop }) });
    renderInApp(() => <ShopPicker />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByLabelText('Il tuo punto vendita')).toBeNull();
  });

  it("changes the associated shop with PUT /shops and says 'Punto vendita aggiornato'", async () => {
    setToken(fakeToken(2_000_000_000));
    const { calls } = mockFetch({
      'GET /api/shops': json(SHOPS),
      'PUT /api/shops': json({ ...SHOPS, userShop: SHOPS.data[1] }),
    });
    renderInApp(() => <ShopPicker />);
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Il tuo punto vendita');
    expect((screen.getByRole('button', { name: 'Cambia punto vendita' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(select, '2');
    await user.click(screen.getByRole('button', { name: 'Cambia punto vendita' }));
    expect(await screen.findByText('Punto vendita aggiornato')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ shop_id: 2 });
  });

  it('says the spec failure text when the change is refused', async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({
      'GET /api/shops': json(SHOPS),
      'PUT /api/shops': json({ code: 'FORBIDDEN', message: 'Il punto vendita selezionato non è associato al tuo account.' }, 403),
    });
    renderInApp(() => <ShopPicker />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Il tuo punto vendita'), '2');
    await user.click(screen.getByRole('button', { name: 'Cambia punto vendita' }));
    expect(await screen.findByText('Errore, non è stato possibile aggiornare il punto vendita associato')).toBeTruthy();
  });
});

const OPTIONS: OptionsClean = {
  shop_name: 'Farmacia San Marco',
  call_number: '049 875 1234',
  open_on: { timezone: 'Europe/Rome', text: 'Lun–Sab 9–19', week: [{ day: 1, label: 'Lunedì', intervals: [{ from: '09:00', to: '19:00' }] }] },
  chatbot: '0',
  slides_image: [{ image: '/api/media/1/slide-1.svg', url: '/app/services', alt: 'Misura la pressione' }],
};

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
    // Written as the app's router writes a search (lib/search-params), whatever the test's router.
    expect(login.getAttribute('href')).toBe('/auth/login?redirect=/app/home');
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
