import { messages } from '@farmacia/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeletableList } from './deletable-list';
import { ToastRegion } from './ui/toast';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

function renderList(props: { items: Row[]; empty?: string; isError?: boolean; remove?: (row: Row) => Promise<unknown> }) {
  const remove = vi.fn(props.remove ?? (() => Promise.resolve()));
  render(
    <>
      <DeletableList<Row>
        className="rows"
        title="Righe"
        intro="Le tue righe."
        query={{ isPending: false, isError: props.isError ?? false }}
        items={props.items}
        {...(props.empty === undefined ? {} : { empty: props.empty })}
        renderItem={(row, askDelete) => (
          <li key={row.id}>
            {row.name}
            <button type="button" onClick={() => askDelete(row)}>
              Elimina {row.name}
            </button>
          </li>
        )}
        add={<a href="/add">Aggiungi</a>}
        deletion={{
          title: 'Eliminare la riga?',
          text: (row) => `Eliminare ${row.name}?`,
          confirmLabel: 'Elimina',
          busy: false,
          remove,
          deleted: 'Riga eliminata.',
          failed: (error) => ({ text: `Non eliminata: ${String(error)}` }),
        }}
      />
      <ToastRegion />
    </>,
  );
  return remove;
}

describe('DeletableList', () => {
  it('asks before deleting the row it was opened for, and closes when told', async () => {
    const user = userEvent.setup();
    const remove = renderList({ items: [{ id: 1, name: 'Casa' }, { id: 2, name: 'Ufficio' }] });
    await user.click(screen.getByRole('button', { name: 'Elimina Ufficio' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminare la riga?' });
    expect(dialog.textContent).toContain('Eliminare Ufficio?');
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    expect(remove).toHaveBeenCalledWith({ id: 2, name: 'Ufficio' });
    expect(await screen.findByText('Riga eliminata.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes and says why when the deletion fails', async () => {
    const user = userEvent.setup();
    renderList({ items: [{ id: 1, name: 'Casa' }], remove: () => Promise.reject(new Error('409')) });
    await user.click(screen.getByRole('button', { name: 'Elimina Casa' }));
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Non eliminata: Error: 409')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels without deleting', async () => {
    const user = userEvent.setup();
    const remove = renderList({ items: [{ id: 1, name: 'Casa' }] });
    await user.click(screen.getByRole('button', { name: 'Elimina Casa' }));
    await user.click(screen.getByRole('button', { name: messages.cart.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('says the empty text only when given one, and the load failure', () => {
    renderList({ items: [], empty: 'Nessuna riga.' });
    expect(screen.getByText('Nessuna riga.')).toBeTruthy();
    cleanup();
    renderList({ items: [] });
    expect(screen.queryByText('Nessuna riga.')).toBeNull();
    expect(screen.getByRole('list')).toBeTruthy();
    cleanup();
    renderList({ items: [], isError: true });
    expect(screen.getByText(messages.app.loadFailed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aggiungi' })).toBeTruthy();
  });
});
