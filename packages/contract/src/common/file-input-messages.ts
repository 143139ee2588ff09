/** The file picker of prescriptions and requests (not quoted). */
export const fileInputMessages = {
  required: '(obbligatorio)',
  hint: 'Formati ammessi: JPG, PNG, GIF, PDF, EPS; massimo 10 MB. Si allega un solo file.',
  replaceHint: 'Scegli un altro file per sostituire quello allegato.',
  choose: 'Scegli un file',
  replace: 'Sostituisci il file',
  open: 'Apri il file',
  remove: 'Rimuovi il file',
} as const;
