import { afterEach, expect, it, vi } from 'vitest';

const started = vi.fn();
vi.mock('./start', () => {
  started();
  return {};
});

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const preloads = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;

// Decision 0616: each preload starts its request on the main thread, so the ~20 of a page whose
// top the server drew are added a few per task, not all in one task of 8-15 ms on a slow phone.
it('adds the deferred preloads four per task, in their order, then starts the app', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  const links = Array.from({ length: 10 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js">`).join('');
  document.head.innerHTML = `<template id="app-code">${links}</template>`;
  document.body.innerHTML = '<div id="root"></div>';
  await import('./main');

  // The frame after the page's top painted, then one task per step (the next timer each time).
  vi.advanceTimersToNextFrame();
  expect(preloads()).toBe(0);
  vi.advanceTimersToNextTimer();
  expect(preloads()).toBe(4);
  vi.advanceTimersToNextTimer();
  expect(preloads()).toBe(8);
  vi.advanceTimersToNextTimer();
  expect(preloads()).toBe(10);
  expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(
    Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`),
  );
  expect(started).not.toHaveBeenCalled();
  await vi.advanceTimersToNextTimerAsync();
  await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
});
