/** Generic validation messages (not quoted by the spec unless said so). */
export const validationMessages = {
  required: 'Campo obbligatorio.',
  /** Spec §5 card form: month and year. */
  fillThisField: 'Compila questo campo.',
  maxLength: 'Massimo {max} caratteri.',
  minLength: 'Minimo {min} caratteri.',
  lengthBetween: 'Deve contenere da {min} a {max} caratteri.',
  invalid: 'Valore non valido.',
  invalidNumber: 'Inserire un numero valido.',
  integer: 'Inserire un numero intero.',
  between: 'Inserire un valore compreso tra {min} e {max}.',
  email: 'Email non valida.',
  passwordsMismatch: 'Le password non coincidono.',
  passwordTooShort: 'La password deve contenere almeno {min} caratteri.',
  boolean: 'Valore non valido: atteso sì o no.',
  invalidDate: 'Data non valida.',
  invalidTime: 'Orario non valido.',
  /** The validation library's own checks (validation-locale.ts): what was expected, never what was sent. */
  expectedText: 'Deve essere un testo.',
  expectedNumber: 'Deve essere un numero.',
  expectedInteger: 'Deve essere un numero intero.',
  expectedBoolean: 'Deve essere sì o no.',
  expectedList: 'Deve essere un elenco.',
  expectedObject: 'Deve essere un insieme di campi.',
  atMost: 'Deve essere al massimo {max}.',
  lessThan: 'Deve essere minore di {max}.',
  atLeast: 'Deve essere almeno {min}.',
  greaterThan: 'Deve essere maggiore di {min}.',
  numberTooLarge: 'Il numero è troppo grande.',
  maxItems: 'Massimo {max} elementi.',
  minItems: 'Almeno {min} elementi.',
  multipleOf: 'Deve essere un multiplo di {divisor}.',
  unknownField: 'Campo non previsto.',
  unknownFields: 'Campi non previsti.',
  /** A lone surrogate, NUL or another control character: refused, never silently replaced (issue 21). */
  invalidCharacters: 'Il testo contiene caratteri non ammessi (caratteri di controllo o non validi).',
  /** A line break or tab in a one-line field (name, city…). */
  singleLine: 'Il testo deve stare su una sola riga (senza a capo o tabulazioni).',
  /** A link that must be https (the seller's legal data, the shop's options). */
  httpsUrl: 'Inserire un indirizzo che inizia con https://.',
  /** A request body whose bytes are not valid UTF-8: refused rather than read with replacement characters. */
  invalidEncoding: 'La richiesta contiene caratteri non validi (codifica UTF-8 errata).',
} as const;
