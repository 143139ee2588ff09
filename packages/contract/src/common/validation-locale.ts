import { z } from 'zod';
import it from 'zod/v4/locales/it.js';

/**
 * Every rule the spec names carries its own Italian message; this covers the rest (a number
 * where text was expected, a missing field of a request body…), which zod would word in English.
 * Called once at start by the API and by the web app: the package has no side effects of its own.
 */
export function setItalianValidationMessages(): void {
  z.config(it());
}
