/**
 * The camera scanner's texts (issue 20): the dialog that reads the paper memo's barcodes and the
 * medicine box's code. Not quoted by the spec. The dialog's titles are the buttons' own
 * (`messages.scan.scanMemo`, `messages.scan.scanPack`).
 */
export const scanCameraMessages = {
  hintMemo: 'Inquadra i codici a barre del promemoria: il codice della ricetta (NRE) e il codice fiscale.',
  hintPack: 'Inquadra il codice a barre della confezione: il codice AIC (Codice 32), l’EAN o il DataMatrix.',
  viewfinder: 'Immagine della fotocamera',
  preparing: 'Avvio della fotocamera…',
  scanning: 'Ricerca del codice in corso…',
  torchOn: 'Accendi la torcia',
  torchOff: 'Spegni la torcia',
  close: 'Chiudi',
  uploadPhoto: 'Carica una foto',
  photoPrivacy: 'La foto resta sul telefono: viene letta qui e non viene inviata.',
  readingPhoto: 'Lettura della foto…',
  photoNothing: 'Nessun codice valido trovato nella foto. Riprova con una foto nitida, dritta e ben illuminata.',
  photoUnreadable: 'Non è stato possibile aprire la foto. Scegli un’immagine JPEG o PNG.',
  denied:
    'Accesso alla fotocamera negato. Puoi consentirlo nelle impostazioni del browser oppure caricare una foto del codice.',
  noCamera: 'Nessuna fotocamera disponibile su questo dispositivo. Puoi caricare una foto del codice.',
  cameraFailed: 'Non è stato possibile avviare la fotocamera. Puoi caricare una foto del codice.',
  decoderFailed: 'Non è stato possibile avviare il lettore di codici a barre. Inserisci il codice a mano.',
  foundNre: 'Codice della ricetta (NRE) letto: {nre}',
  foundFiscalCode: 'Codice fiscale letto: {fiscalCode}',
  missingNre: 'Manca ancora il codice della ricetta (NRE).',
  missingFiscalCode: 'Manca ancora il codice fiscale.',
  useFound: 'Usa i codici letti',
} as const;
