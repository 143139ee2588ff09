import { prepareZXingModule } from 'zxing-wasm/reader';
// The app serves the .wasm itself (a Vite asset under /assets): the package's default is a CDN,
// which is neither reachable nor allowed by the app's Content-Security-Policy.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader } from './scan-formats';
import type { ScanFormat } from './scan-formats';
import { zxingReader } from './zxing-read';

/**
 * zxing-cpp as a BarcodeReader, its module fetched from the app's own URL and compiled before this
 * resolves: a failure shows in the dialog when it opens, not at the first frame. The module is
 * kept once compiled (zxing-wasm caches it), so the next scanner opens at once.
 */
export async function zxingBrowserReader(formats: readonly ScanFormat[]): Promise<BarcodeReader> {
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  return zxingReader(formats);
}
