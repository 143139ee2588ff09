export const chatMessages = {
  /** Spec §8 chatbot failure reply. */
  failure: 'Scusami, non riesco a capire la tua richiesta. Puoi ripetere inserendo più informazioni? grazie!',
  messageRequired: 'Scrivi un messaggio.',
  /** Not quoted: the shop has not turned the assistant on (option chatbot is not '1'). */
  disabled: "L'assistente virtuale non è attivo per questa farmacia.",
  /** FAQ screen and chat (not quoted). */
  faqTitle: 'Domande Frequenti',
  assistantTitle: 'Assistente virtuale',
  welcome: 'Ciao! Sono l\'assistente virtuale della farmacia. Chiedimi orari, turni, prodotti, servizi o lo stato dei tuoi ordini.',
  inputLabel: 'Scrivi la tua domanda',
  placeholder: 'Ad esempio: siete aperti domani?',
  send: 'Invia',
  typing: "L'assistente sta scrivendo…",
  you: 'Tu',
  assistant: 'Assistente',
  suggestions: 'Domande suggerite',
} as const;
