/** Back office: the shops, managed by admins (issue 8). */
export const backofficeShopsMessages = {
  shopNotFound: 'Farmacia non trovata.',
  postalCode: 'Il CAP deve essere di 5 cifre.',
  province: 'La provincia è la sigla di 2 lettere (es. MI).',
  phone: 'Inserire un numero di telefono valido.',
} as const;
