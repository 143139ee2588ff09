import { consoleMessages, fillMessage } from '@farmacia/contract';
import type { StoredFile } from '@farmacia/contract';
import { useEffect, useState } from 'react';
import { fileObjectUrl } from '../../lib/api';

/**
 * A prescription or photo shown inline. The file route needs the bearer token (and logs the
 * pharmacist's access), so the bytes are fetched here and shown from an object URL; nothing is
 * loaded until the pharmacist asks for it.
 */
export function PrivateFile({ file, label }: { file: StoredFile; label: string }) {
  const [shown, setShown] = useState<{ href: string; type: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (shown ? URL.revokeObjectURL(shown.href) : undefined), [shown]);
  if (!file.url) return <span>{file.name}</span>;
  const url = file.url;
  const open = async () => {
    setError(null);
    try {
      setShown(await fileObjectUrl(url));
    } catch (e) {
      setError(e instanceof Error ? e.message : consoleMessages.common.fileUnavailable);
    }
  };
  if (!shown) {
    return (
      <span>
        <button type="button" className="secondary" onClick={open}>
          {fillMessage(consoleMessages.orders.showFile, { label, file: file.name })}
        </button>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </span>
    );
  }
  return shown.type.startsWith('image/') ? (
    <figure className="file">
      <img src={shown.href} alt={`${label}: ${file.name}`} />
      <figcaption>{file.name}</figcaption>
    </figure>
  ) : (
    <a href={shown.href} target="_blank" rel="noreferrer">
      {fillMessage(consoleMessages.orders.openFile, { file: file.name })}
    </a>
  );
}
