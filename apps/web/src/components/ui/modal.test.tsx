import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Apri</Button>
      <Modal
        open={open}
        title="Conferma"
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Annulla</Button>
            <Button>OK</Button>
          </>
        }
      >
        <p>Sei sicuro?</p>
      </Modal>
    </>
  );
}

/** A screen whose dialog's opener goes away with the data (like the cart's clear button). */
function ScreenWithList() {
  const [items, setItems] = useState(['uno']);
  const [open, setOpen] = useState(false);
  return (
    <main id="main">
      <h1>Carrello</h1>
      {items.length > 0 ? (
        <div>
          <Button onClick={() => setOpen(true)}>Svuota</Button>
          <Modal open={open} title="Svuotare?" onClose={() => setOpen(false)} footer={<Button onClick={() => setItems([])}>Conferma</Button>}>
            <p>Sicuro?</p>
          </Modal>
        </div>
      ) : (
        <p>Vuoto</p>
      )}
    </main>
  );
}

describe('Modal', () => {
  it('moves focus inside, keeps it there with Tab and Shift+Tab, closes on Esc and gives focus back', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Apri' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Conferma' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Annulla' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Annulla' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus to the screen heading when what opened it is gone with it', async () => {
    render(<ScreenWithList />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Svuota' }));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Carrello' }));
  });
});
