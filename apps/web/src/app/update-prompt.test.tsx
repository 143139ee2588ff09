import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const updateSW = vi.fn(async () => undefined);
let needRefresh: (() => void) | undefined;
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    needRefresh = options.onNeedRefresh;
    return updateSW;
  },
}));

afterEach(cleanup);

describe('UpdatePrompt', () => {
  it("asks 'Premi ok per aggiornare l'applicazione.' when a new worker waits, and OK updates and reloads", async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const { UpdatePrompt } = await import('./update-prompt');
    render(<UpdatePrompt />);
    await vi.waitFor(() => expect(needRefresh).toBeTypeOf('function'));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => needRefresh?.());
    expect(screen.getByRole('dialog').textContent).toContain("Premi ok per aggiornare l'applicazione.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(updateSW).toHaveBeenCalledWith(true);
  });
});
