import { ALLOWED_UPLOAD_EXTENSIONS, ALLOWED_UPLOAD_MIME_TYPES, appMessages, fileInputMessages, fileMessages, type StoredFile } from '@farmacia/contract';
import { useId, useRef, useState } from 'react';
import { Button } from './ui/button';
import { showToast } from './ui/toast';
import { firstAcceptableFile, openStoredFile, readUpload } from '../lib/file-upload';

const ACCEPT = [...ALLOWED_UPLOAD_EXTENSIONS.map((e) => `.${e}`), ...ALLOWED_UPLOAD_MIME_TYPES].join(',');

/** What the picker holds: a newly read upload, the stored file (kept), or nothing. */
export type PickedFile =
  | { kind: 'new'; name: string; value: { name: string; type: string; lastModified?: number; size?: number; base64: string } }
  | { kind: 'stored'; name: string; file: StoredFile }
  | null;

export interface FilePickerProps {
  label: string;
  value: PickedFile;
  onChange: (value: PickedFile) => void;
  required: boolean;
  error?: string | undefined;
}

/**
 * One file for a prescription or a product request (spec §5): the type is checked before the file
 * is read ("Formato file '{name}' non valido."), only the first picked file is kept, the stored
 * file can be opened or removed.
 */
export function FilePicker({ label, value, onChange, required, error }: FilePickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const shown = problem ?? error;

  const onPick = async (files: FileList | null) => {
    const { file, problem: wrong } = firstAcceptableFile(files);
    if (input.current) input.current.value = '';
    setProblem(wrong);
    if (!file) return;
    setReading(true);
    try {
      const upload = await readUpload(file);
      onChange({ kind: 'new', name: upload.name, value: upload });
    } catch {
      setProblem(fileMessages.unreadable);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className={['field', 'file-picker', shown ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required ? <span className="field__required"> {fileInputMessages.required}</span> : null}
      </label>
      {value ? (
        <div className="file-picker__current">
          <span className="file-picker__name">{value.name}</span>
          {value.kind === 'stored' && value.file.url ? (
            <Button
              variant="link"
              onClick={() => void openStoredFile(value.file.url as string).catch(() => showToast(appMessages.genericError, { tone: 'warning' }))}
            >
              {fileInputMessages.open}
            </Button>
          ) : null}
          <Button variant="link" aria-label={`${fileInputMessages.remove} ${value.name}`} onClick={() => onChange(null)}>
            {fileInputMessages.remove}
          </Button>
        </div>
      ) : null}
      {/* The native input is kept (keyboard, screen readers, drag and drop) but drawn as an Italian
          button: the browser's own 'Choose File' text follows the browser's language, not the app's. */}
      <input
        ref={input}
        id={inputId}
        type="file"
        className="file-picker__input"
        accept={ACCEPT}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${inputId}-hint${shown ? ` ${inputId}-error` : ''}`}
        disabled={reading}
        onChange={(event) => void onPick(event.target.files)}
      />
      <label htmlFor={inputId} className="button button--secondary file-picker__button" aria-hidden="true">
        {reading ? appMessages.loading : value ? fileInputMessages.replace : fileInputMessages.choose}
      </label>
      <p className="field__hint" id={`${inputId}-hint`}>
        {value ? fileInputMessages.replaceHint : fileInputMessages.hint}
      </p>
      {shown ? (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** The `file` of a request body for what the picker holds (spec §7: sent as JSON text). */
export function fileFieldOf(value: PickedFile): string | null {
  if (!value) return null;
  return JSON.stringify(value.kind === 'new' ? value.value : { name: value.name });
}
