/**
 * The mails that carry a one-time link to choose a password: the customer's password recovery
 * and a pharmacist's invitation (the invitation's subject is `onboardingMessages`'). Plain text
 * with `{name}` placeholders (fill them with `fillMessage`); the API lays them out as text and
 * HTML. Not quoted by the spec. Before decision 0694 they were written in the API, while the
 * booking mails' texts were here.
 */
export const accountMailMessages = {
  greeting: 'Ciao {name},',
  /** Under the button of the HTML part. */
  linkFallback: 'Se il pulsante non funziona copia questo indirizzo nel browser:',
  recovery: {
    subject: '{shop} - Reimposta la tua password',
    what: 'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account {shop}.',
    until: 'Per scegliere una nuova password apri questo link entro {minutes} minuti:',
    button: 'Reimposta la password',
    once: 'Il link può essere usato una sola volta.',
    notYou: 'Se non hai chiesto tu il cambio password ignora questa email: la tua password resta invariata.',
  },
  invitation: {
    what: '{invitedBy} ti ha invitato a usare la gestione di {shop} come farmacista.',
    until: 'Per scegliere la tua password apri questo link entro {days} giorni:',
    button: 'Imposta la password',
    once: 'Il link può essere usato una sola volta. Poi accedi con la tua email e la password scelta.',
    /** The HTML part's shorter note (the button says what to do next). */
    onceShort: 'Il link può essere usato una sola volta.',
    notExpected: 'Se non aspettavi questo invito ignora questa email.',
    /** Who invites, when the inviting account has no name. */
    inviterFallback: 'La farmacia',
  },
} as const;
