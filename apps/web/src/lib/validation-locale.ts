import { setItalianValidationMessages } from '@farmacia/contract';

/**
 * zod's own messages in Italian (for what a schema does not word itself), set when the first
 * screen that validates loads: every module that validates with zod imports this one. Not in the
 * app's entry, which would bring zod into the first load (decision 0352).
 */
setItalianValidationMessages();
