export const phoneMessages = {
  invalid: 'Numero di telefono non valido.',
  /** Spec §5 signup: 7 to 10 digits. */
  signupDigits: 'Il numero di telefono deve contenere da 7 a 10 cifre.',
  /** Spec §5 profile: 2 digits, 3 digits, 7 digits (example 39 320 1234567). */
  profileFormat: 'Il numero di telefono deve avere il formato 39 320 1234567.',
} as const;
