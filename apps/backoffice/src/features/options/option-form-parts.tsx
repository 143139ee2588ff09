import { messages } from '@farmacia/contract';

/** Other field errors under a prefix (e.g. inside a JSON option), listed so none goes unseen. */
export function NestedErrors({ errors, prefix }: { errors: Record<string, string[]>; prefix: string }) {
  const entries = Object.entries(errors).filter(([k]) => k.startsWith(`${prefix}.`));
  if (entries.length === 0) return null;
  return (
    <ul className="field-error">
      {entries.map(([k, v]) => (
        <li key={k}>
          {k.slice(prefix.length + 1)}: {v.at(-1)}
        </li>
      ))}
    </ul>
  );
}

/** A file picked in the browser as the upload body the API takes (`{ name, type, size, base64 }`). */
export function readUpload(file: File): Promise<{ name: string; type: string; size: number; lastModified: number; base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, size: file.size, lastModified: file.lastModified, base64: String(reader.result) });
    reader.onerror = () => reject(new Error(messages.file.unreadable));
    reader.readAsDataURL(file);
  });
}
