import { setItalianValidationMessages } from '@farmacia/contract';
import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; on a busy 2-core machine a screen that loads
// its data (lazily imported, fetch mocked) can take longer than that to appear.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few browser APIs the app (and its libraries) touch.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
setItalianValidationMessages();
