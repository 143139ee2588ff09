import { consoleMessages } from '@farmacia/contract';
import { ProductFinder } from './product-editor';
import { UploadPanel } from './upload-panel';

/** The catalogue: the listino upload with its report, and one product's edit and promotion. */
export function CatalogueScreen() {
  return (
    <section aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">{consoleMessages.layout.nav.catalogue}</h1>
      <UploadPanel />
      <ProductFinder />
    </section>
  );
}
