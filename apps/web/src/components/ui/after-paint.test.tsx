import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterPaint } from './after-paint';

afterEach(cleanup);

describe('AfterPaint', () => {
  it('leaves its sections out of the first commit, with the pending box in their place, then renders them in steps', async () => {
    const { container } = render(
      <div>
        <h1>Sopra</h1>
        <AfterPaint pendingClassName="later">
          <p>Sotto</p>
          <AfterPaint pendingClassName="later">
            <p>In fondo</p>
          </AfterPaint>
        </AfterPaint>
      </div>,
    );
    // The first commit: the top and a box hidden from assistive technology, nothing below yet.
    expect(screen.getByRole('heading', { name: 'Sopra' })).toBeTruthy();
    expect(screen.queryByText('Sotto')).toBeNull();
    expect(container.querySelectorAll('.later[aria-hidden="true"]')).toHaveLength(1);
    // A frame later the first level; the nested one waits for the frame after it.
    expect(await screen.findByText('Sotto')).toBeTruthy();
    expect(screen.queryByText('In fondo')).toBeNull();
    expect(await screen.findByText('In fondo')).toBeTruthy();
    expect(container.querySelector('.later')).toBeNull();
  });
});
