/**
 * What the operator's command-line tools print (decision 0700): `npm run setup` (the first shop and
 * admin, decision 0417) and `npm run catalogue:import` (README "Catalogue import"). An operator reads
 * them on a terminal as a pharmacist reads a screen. `{name}` placeholders, filled with `fillMessage`.
 * Not quoted by the spec. Before decision 0700 they were written in `apps/api/src/cli/`.
 */
export const operatorCliMessages = {
  setup: {
    /** `{flags}`: every answer's flag, `[--admin-name …]`. */
    usage: 'Uso: npm run setup -- [--help] [--non-interactive] {flags}',
    /** The prompt a terminal shows for each answer the flags left out. */
    prompts: {
      adminName: "Nome e cognome dell'amministratore",
      adminEmail: "Email dell'amministratore",
      adminPassword: "Password dell'amministratore (vuoto = link monouso)",
      shopName: 'Nome della farmacia',
      shopAddress: 'Indirizzo',
      shopCity: 'Città',
      shopPostalCode: 'CAP',
      shopProvince: 'Provincia (sigla)',
      shopPhone: 'Telefono',
      shopEmail: 'Email della farmacia (riceve gli avvisi)',
      legalName: 'Ragione sociale',
      vatNumber: 'Partita IVA',
      registeredOffice: 'Sede legale',
      responsiblePharmacist: 'Farmacista direttore responsabile',
      pharmacistRegistration: "Iscrizione all'Ordine dei Farmacisti",
      ministryAuthorizationCode: 'Codice di autorizzazione del Ministero della Salute',
      ministryAuthorizationDate: "Data dell'autorizzazione (AAAA-MM-GG)",
      ministryListUrl: "Link alla farmacia nell'elenco del Ministero (https://…)",
    },
    /** Before the domain's refusal, on the same line. */
    failed: 'Configurazione non eseguita',
    alreadySetUp: 'Installazione già configurata: nessuna modifica. Amministratori: {admins}. Farmacie: {shops}.',
    /** Above the refused answers, one a line. */
    invalid: 'Configurazione non eseguita, nessuna modifica:',
    shopCreated: 'Farmacia creata: {name} (n. {id}).',
    shopExisting: 'Farmacia già presente: {name} (n. {id}).',
    adminCreated: 'Amministratore creato: {email}.',
    /** Above the one-time link, printed once. */
    setPasswordLink: 'Imposta la password entro il {until} con questo link (valido una sola volta, non verrà mostrato di nuovo):',
    signIn: 'Accedi alla gestione: {url}',
  },
  catalogueImport: {
    usage: 'Uso: npm run catalogue:import -- <file.csv> [--shop <id>] [--json]',
    unreadable: 'Impossibile leggere {file}: {reason}',
    /** Before the domain's refusal, on the same line. */
    failed: 'Importazione non eseguita',
    rows: 'Righe lette: {count}',
    inserted: 'Inseriti: {count}',
    updated: 'Aggiornati: {count}',
    unchanged: 'Invariati: {count}',
    rejected: 'Scartati: {count}',
    warning: 'Attenzione: {warning}',
    /** A rejected row and its reasons; with its code when the row has one. */
    rejectedRow: 'Riga {line}: {reasons}',
    rejectedRowWithCode: 'Riga {line} ({code}): {reasons}',
  },
} as const;
