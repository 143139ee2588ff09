import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillFromMessage } from '../../lib/scan-results';
import { renderInApp } from '../../test/render';
import { PasteFromMessage } from './paste-from-message';
import { usePrescriptionFill } from './prescription-fill';

afterEach(cleanup);

const MINE = 'VRDGPP72C15F205P';

/** The form's part that pastes: the button, and the two fields it fills. */
function Harness() {
  const [nre, setNre] = useState('');
  const [fiscalCode, setFiscalCode] = useState('');
  const fill = usePrescriptionFill({ setNre, setFiscalCode });
  return (
    <>
      <PasteFromMessage onText={(text) => fill.apply(fillFromMessage(text, [MINE]), 'Niente di valido.')} />
      <output aria-label="nre">{nre}</output>
      <output aria-label="cf">{fiscalCode}</output>
    </>
  );
}

/** After userEvent.setup(), which installs a clipboard of its own. */
function stubClipboard(readText: (() => Promise<string>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: readText ? { readText } : undefined, configurable: true });
}

describe('Incolla dal messaggio', () => {
  it('reads the clipboard where it can and fills the NRE and the customer’s fiscal code', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => `Regione Lazio: ricetta 1200A 4012345678 per ${MINE}`);
    renderInApp(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: 'Incolla dal messaggio' }));
    await waitFor(() => expect(screen.getByLabelText('nre').textContent).toBe('1200A4012345678'));
    expect(screen.getByLabelText('cf').textContent).toBe(MINE);
    expect(await screen.findByText(`Dal messaggio: codice NRE 1200A4012345678, codice fiscale ${MINE}.`)).toBeTruthy();
  });

  it('opens a text box where the clipboard API is missing or refused', async () => {
    for (const readText of [undefined, () => Promise.reject(new DOMException('denied', 'NotAllowedError'))]) {
      const user = userEvent.setup();
      stubClipboard(readText);
      renderInApp(() => <Harness />);
      await user.click(await screen.findByRole('button', { name: 'Incolla dal messaggio' }));
      const box = await screen.findByRole('textbox', { name: 'Testo del messaggio (SMS, email o notifica)' });
      await user.type(box, 'NRE 0301A4123456789');
      await user.click(screen.getByRole('button', { name: 'Compila' }));
      await waitFor(() => expect(screen.getByLabelText('nre').textContent).toBe('0301A4123456789'));
      cleanup();
    }
  });

  it('says so in Italian when the message holds nothing valid, and fills nothing', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => 'NRE 1200A401234567 (una cifra in meno)');
    renderInApp(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: 'Incolla dal messaggio' }));
    expect(await screen.findByText('Niente di valido.')).toBeTruthy();
    expect(screen.getByLabelText('nre').textContent).toBe('');
  });
});
