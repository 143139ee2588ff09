import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showToast, ToastRegion } from './toast';
import { fakeTimersForEachTest } from '../../test/fixtures';

fakeTimersForEachTest();

describe('toasts', () => {
  it('announce politely and last 2000 ms by default, or the duration given (spec §9)', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('Profilo aggiornato');
      showToast('Veloce', { duration: 1000 });
    });
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toContain('Profilo aggiornato');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Veloce')).toBeNull();
    expect(screen.getByText('Profilo aggiornato')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Profilo aggiornato')).toBeNull();
  });

  it('shows the same message once when it is raised twice', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('Credenziali sbagliate');
      showToast('Credenziali sbagliate');
    });
    expect(screen.getAllByText('Credenziali sbagliate')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
  });
});
