import { scanMessages } from '@farmacia/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { NoteField } from '../../components/ui/note-field';
import { ActionDialog } from '../../components/dialog-actions';

const M = scanMessages;

/** The clipboard's text, or undefined where the API is missing or the user (or browser) refused. */
async function clipboardText(): Promise<string | undefined> {
  try {
    return (await navigator.clipboard?.readText?.()) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Incolla dal messaggio" (issue 20): reads the clipboard where the browser allows it; elsewhere,
 * or when the clipboard is empty or refused, a dialog with a text box to paste the message into.
 */
export function PasteFromMessage({ onText }: { onText: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const paste = async () => {
    const read = await clipboardText();
    if (read !== undefined) onText(read);
    else setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setText('');
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void paste()}>
        {M.pasteButton}
      </Button>
      <ActionDialog
        open={open}
        title={M.pasteTitle}
        onClose={close}
        cancelLabel={M.cancel}
        confirm={{
          onClick: () => {
            onText(text);
            close();
          },
          children: M.pasteApply,
        }}
      >
        <NoteField label={M.pasteLabel} hint={M.pasteHint} value={text} maxLength={5000} onChange={setText} />
      </ActionDialog>
    </>
  );
}
