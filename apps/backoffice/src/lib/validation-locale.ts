import { setItalianValidationMessages } from '@farmacia/contract';

/**
 * zod's own messages in Italian (for what a schema does not word itself), set when the first
 * module that validates loads — the staff frame and the login screens import this one — not in
 * the console's entry, which would bring zod into the first load (as the app, decision 0352).
 */
setItalianValidationMessages();
