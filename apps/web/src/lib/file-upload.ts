import { type UploadedFile, uploadFileProblem } from '@farmacia/contract';
import { apiFetch, isApiError } from './api-client';

/** A picked file as the API takes it (spec §3): name, type, lastModified, size and the data URL. */
export function readUpload(file: File): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({ name: file.name, type: file.type, lastModified: file.lastModified, size: file.size, base64: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Spec §5: only the first file is kept, and a file of another type answers
 * "Formato file '{name}' non valido." (also the size cap). The problem, or the file to read.
 */
export function firstAcceptableFile(files: FileList | readonly File[] | null): { file?: File; problem?: string } {
  const first = files?.[0];
  if (!first) return {};
  const problem = uploadFileProblem(first);
  return problem ? { problem } : { file: first };
}

/**
 * Opens a stored file (prescription, product photo) in a new tab. The file needs the bearer
 * token, so it is fetched here and shown from an object URL, never linked directly.
 */
export async function openStoredFile(url: string): Promise<void> {
  // Opened first, inside the click, so pop-up blockers allow it.
  const tab = window.open('', '_blank');
  try {
    const response = await apiFetch(url.replace(/^\/api/, ''), { headers: { Accept: '*/*' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw isApiError(error) ? error : new Error('file not available');
  }
}
