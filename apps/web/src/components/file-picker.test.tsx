import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { FilePicker, fileFieldOf, type PickedFile } from './file-picker';

afterEach(cleanup);

let last: PickedFile = null;
function Harness({ initial = null }: { initial?: PickedFile }) {
  const [value, setValue] = useState<PickedFile>(initial);
  last = value;
  return <FilePicker label="Foto" value={value} onChange={setValue} required={value === null} />;
}

describe('FilePicker (spec §5 files)', () => {
  it("refuses a file of another type with \"Formato file '{name}' non valido.\"", async () => {
    renderInApp(() => <Harness />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText(/Foto/), new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Formato file 'virus.exe' non valido.");
    expect(last).toBeNull();
  });

  it('keeps only the first of several files and reads it as a data URL', async () => {
    renderInApp(() => <Harness />);
    const input = (await screen.findByLabelText(/Foto/)) as HTMLInputElement;
    input.multiple = true;
    const user = userEvent.setup();
    await user.upload(input, [new File(['%PDF-1.4'], 'prima.pdf', { type: 'application/pdf' }), new File(['x'], 'seconda.png', { type: 'image/png' })]);
    await waitFor(() => expect(last?.name).toBe('prima.pdf'));
    expect(last?.kind === 'new' && last.value.base64.startsWith('data:application/pdf;base64,')).toBe(true);
    expect(JSON.parse(fileFieldOf(last) as string)).toMatchObject({ name: 'prima.pdf', type: 'application/pdf', size: 8 });
  });

  it('removes the stored file, which makes the field required again', async () => {
    renderInApp(() => <Harness initial={{ kind: 'stored', name: 'ricetta.jpg', file: { name: 'ricetta.jpg', url: '/api/files/1' } }} />);
    const remove = await screen.findByRole('button', { name: 'Rimuovi il file ricetta.jpg' });
    expect(JSON.parse(fileFieldOf(last) as string)).toEqual({ name: 'ricetta.jpg' });
    expect(screen.queryByText('(obbligatorio)')).toBeNull();
    await userEvent.setup().click(remove);
    expect(last).toBeNull();
    expect(fileFieldOf(last)).toBeNull();
    expect(await screen.findByText('(obbligatorio)')).toBeTruthy();
  });
});
