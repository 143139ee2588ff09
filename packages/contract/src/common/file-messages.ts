export const fileMessages = {
  /** Spec §5. */
  invalidFormat: "Formato file '{name}' non valido.",
  tooLarge: "Il file '{name}' supera la dimensione massima di {max}.",
  unreadable: 'Il file non è leggibile.',
  notFound: 'File non trovato.',
} as const;
