import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionalChunk, optionalChunk } from './optional-chunk';

afterEach(cleanup);

function Strip() {
  return <p>Farmacia Centrale, P. IVA 01234567890</p>;
}

describe('optionalChunk (the seller strip offline)', () => {
  it('shows nothing in place of a part whose chunk failed, keeps the screen, and loads it again once back online', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Strip }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Strip });
    const source = optionalChunk(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Carrello</h1>
        <OptionalChunk source={source} />
      </main>,
    );
    // The failed import leaves the screen as it was, without the part.
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Carrello' })).toBeTruthy();
    expect(screen.queryByText(/P\. IVA/)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(/P\. IVA 01234567890/)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
