/** Back office: customer look-up (issue 8). */
export const backofficeCustomersMessages = {
  customerNotFound: 'Cliente non trovato.',
  searchTooShort: 'Inserire almeno 2 caratteri.',
  reasonTooShort: 'Indicare il motivo (almeno {min} caratteri).',
} as const;
