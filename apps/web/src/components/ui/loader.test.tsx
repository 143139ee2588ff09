import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoaderOverlay, showLoader } from './loader';
import { fakeTimersForEachTest } from '../../test/fixtures';

fakeTimersForEachTest();

describe('blocking loader', () => {
  it("shows 'Attendere...' until hidden", () => {
    render(<LoaderOverlay />);
    expect(screen.queryByText('Attendere...')).toBeNull();
    let hide: () => void = () => undefined;
    act(() => {
      hide = showLoader();
    });
    expect(screen.getByText('Attendere...')).toBeTruthy();
    act(() => hide());
    expect(screen.queryByText('Attendere...')).toBeNull();
  });

  it('hides itself after 50 s even if nobody hides it (spec §9)', () => {
    render(<LoaderOverlay />);
    act(() => {
      showLoader();
    });
    act(() => vi.advanceTimersByTime(49_999));
    expect(screen.getByText('Attendere...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Attendere...')).toBeNull();
  });
});
