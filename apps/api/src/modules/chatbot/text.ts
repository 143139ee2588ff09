/**
 * Italian text as the assistant compares it: lowercase, accents removed, apostrophes and
 * punctuation split ("l'orario?" → "l orario"), stop words dropped, each word cut to a crude stem
 * (trailing vowels removed: orario/orari → orar, aperto/aperti → apert) and a few synonyms folded
 * onto one word, so "farmacia di guardia" and "farmacie di turno" meet.
 */

/** Lowercase, no accents, letters and digits separated by single spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’'`´]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words that carry no meaning for matching a question (articles, prepositions, auxiliaries…). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a ad al allo alla ai agli alle all da dal dallo dalla dai dagli dalle dall di del dello della dei degli delle dell
  in nel nello nella nei negli nelle nell su sul sullo sulla sui sugli sulle sull con col coi per tra fra
  il lo la i gli le l un uno una un
  e ed o od ma se che chi cui non ne ci vi si mi ti me te lui lei noi voi loro
  mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra vostro vostra
  questo questa questi queste quello quella quelli quelle
  sono sei e siamo siete ho hai ha abbiamo avete hanno essere avere era erano sara
  come cosa quale quali quanto quanta quanti quante dove quando perche
  vorrei voglio posso puoi potete potrei sapere dirmi dimmi mi vi ci
  anche pure gia ancora molto poco piu meno tutto tutti tutta tutte
  per favore grazie prego salve ciao buongiorno buonasera
  fa fate fare facciamo effettuate effettuare offrite offrire fornite fornire esiste esistono
  c e po`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words kept although they are short or look like stop words: they decide an intent. */
const KEEP: ReadonlySet<string> = new Set(['nre', 'ecg', 'avete', 'dove', 'quando', 'quanto', 'quanti', 'costa', 'ora', 'oggi']);

/** Synonyms folded onto the word the intents and the FAQ use. */
const SYNONYMS: Readonly<Record<string, string>> = {
  guardia: 'turno',
  reperibile: 'turno',
  notturna: 'turno',
  notturno: 'turno',
  telefono: 'telefono',
  cellulare: 'telefono',
  numero: 'telefono',
  recapito: 'telefono',
  chiamare: 'telefono',
  chiamarvi: 'telefono',
  contattarvi: 'telefono',
  contattare: 'telefono',
  contatti: 'telefono',
  indirizzo: 'indirizzo',
  ubicazione: 'indirizzo',
  sconti: 'offerta',
  sconto: 'offerta',
  promozione: 'offerta',
  promozioni: 'offerta',
  promo: 'offerta',
  volantino: 'offerta',
  saldi: 'offerta',
  appuntamento: 'prenotazione',
  appuntamenti: 'prenotazione',
  prenotare: 'prenotazione',
  prenoto: 'prenotazione',
  prenotazioni: 'prenotazione',
  prenotato: 'prenotazione',
  prenotata: 'prenotazione',
  fidelity: 'fedelta',
  fedelta: 'fedelta',
  tessera: 'carta',
  impegnativa: 'ricetta',
  prescrizione: 'ricetta',
  medicina: 'farmaco',
  medicine: 'farmaco',
  medicinale: 'farmaco',
  medicinali: 'farmaco',
  farmaci: 'farmaco',
  spedizione: 'consegna',
  spedito: 'consegna',
  spedite: 'consegna',
  domicilio: 'consegna',
  recapitate: 'consegna',
  pacco: 'consegna',
  acquisto: 'ordine',
  acquisti: 'ordine',
  ordini: 'ordine',
  ordinato: 'ordine',
  pagamento: 'pagare',
  pagamenti: 'pagare',
  paga: 'pagare',
  pago: 'pagare',
  ecg: 'elettrocardiogramma',
};

/** A crude Italian stem: trailing vowels removed from words longer than 3 letters. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  const cut = word.replace(/[aeiou]+$/, '');
  return cut.length >= 3 ? cut : word;
}

/** The meaningful words of a text, folded and stemmed, in order (duplicates kept). */
export function contentTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of normalize(text).split(' ')) {
    if (!word) continue;
    if (STOP_WORDS.has(word) && !KEEP.has(word)) continue;
    if (word.length < 2 && !/^\d$/.test(word)) continue;
    out.push(stem(SYNONYMS[word] ?? word));
  }
  return out;
}

/** The normalized words of a text, stop words kept (for phrases such as "a che ora"). */
export const words = (text: string): string[] => normalize(text).split(' ').filter(Boolean);

/** Whether any word of the text starts with one of the prefixes (prefixes are normalized words). */
export function hasPrefix(wordList: readonly string[], prefixes: readonly string[]): boolean {
  return wordList.some((w) => prefixes.some((p) => w.startsWith(p)));
}

/** Levenshtein distance, stopping early beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/** Two stems match when equal, or (both long enough) one typo apart. */
export function similarStems(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  return editDistance(a, b, 1) <= 1;
}
