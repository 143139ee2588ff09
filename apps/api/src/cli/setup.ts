/**
 * `npm run setup`: the first shop and the first admin of a new installation, without SQL (README
 * "Going live", decision 0417). Runs the migrations on the database the server uses (DATABASE_URL,
 * or the SQLite file in DATA_DIR), with the server's environment (NODE_ENV=production needs
 * PUBLIC_URL and the secrets, like the server).
 *
 * Answers come from flags (scripts) or, on a terminal, from prompts for what the flags left out.
 * Without --admin-password a one-time set-password link is printed once.
 * Exit status: 0 set up now or already set up (nothing changed), 1 invalid answers or failure, 2 wrong usage.
 */
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { exitOnStartFailure } from '../config.js';
import { alreadySetUp, runSetup, type SetupInput } from '../modules/onboarding/index.js';
import { onMigratedDatabase } from './migrated-database.js';

/** Flag → where it goes and the prompt a terminal shows for it. */
const FIELDS = [
  ['admin-name', 'admin', 'name', "Nome e cognome dell'amministratore"],
  ['admin-email', 'admin', 'email', "Email dell'amministratore"],
  ['admin-password', 'admin', 'password', "Password dell'amministratore (vuoto = link monouso)"],
  ['shop-name', 'shop', 'name', 'Nome della farmacia'],
  ['shop-address', 'shop', 'address', 'Indirizzo'],
  ['shop-city', 'shop', 'city', 'Città'],
  ['shop-postal-code', 'shop', 'postal_code', 'CAP'],
  ['shop-province', 'shop', 'province', 'Provincia (sigla)'],
  ['shop-phone', 'shop', 'phone', 'Telefono'],
  ['shop-email', 'shop', 'email', 'Email della farmacia (riceve gli avvisi)'],
  ['legal-name', 'legal', 'legal_name', 'Ragione sociale'],
  ['vat-number', 'legal', 'vat_number', 'Partita IVA'],
  ['registered-office', 'legal', 'registered_office', 'Sede legale'],
  ['responsible-pharmacist', 'legal', 'responsible_pharmacist', 'Farmacista direttore responsabile'],
  ['pharmacist-registration', 'legal', 'pharmacist_registration', "Iscrizione all'Ordine dei Farmacisti"],
  ['ministry-authorization-code', 'legal', 'ministry_authorization_code', 'Codice di autorizzazione del Ministero della Salute'],
  ['ministry-authorization-date', 'legal', 'ministry_authorization_date', "Data dell'autorizzazione (AAAA-MM-GG)"],
  ['ministry-list-url', 'legal', 'ministry_list_url', "Link alla farmacia nell'elenco del Ministero (https://…)"],
] as const;

const USAGE = `Uso: npm run setup -- [--help] [--non-interactive] ${FIELDS.map(([flag]) => `[--${flag} …]`).join(' ')}`;

/**
 * Prompts on a terminal. Lines are read through one async iterator, so answers typed (or pasted)
 * ahead of their prompt are queued instead of lost; a password is read without echo.
 */
async function collect(values: Record<string, string | boolean | undefined>): Promise<SetupInput> {
  const input: SetupInput = { admin: { name: '', email: '' }, shop: { name: '' }, legal: {} };
  const interactive = stdin.isTTY && !values['non-interactive'];
  const rl = interactive ? createInterface({ input: stdin, output: stdout, terminal: true }) : undefined;
  const lines = rl?.[Symbol.asyncIterator]();
  let muted = false;
  if (rl) {
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (s: string) => {
      if (!muted) write(s);
    };
  }
  try {
    for (const [flag, group, key, prompt] of FIELDS) {
      let value = values[flag] as string | undefined;
      if (value === undefined && lines) {
        stdout.write(`${prompt}: `);
        muted = flag === 'admin-password';
        const next = await lines.next();
        if (muted) stdout.write('\n');
        muted = false;
        value = next.done ? '' : String(next.value).trim();
      }
      if (value === undefined || value === '') continue;
      (input[group] as Record<string, string>)[key] = value;
    }
  } finally {
    rl?.close();
  }
  return input;
}

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    const options = Object.fromEntries(FIELDS.map(([flag]) => [flag, { type: 'string' as const }]));
    ({ values } = parseArgs({ options: { ...options, 'non-interactive': { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: false }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  return onMigratedDatabase('Configurazione non eseguita', async (db, config) => {
    // Answers are asked only when there is something to set up.
    const done = await alreadySetUp(db);
    const result = done ?? (await runSetup(db, config.publicUrl, await collect(values)));
    if (result.status === 'already-set-up') {
      console.log(`Installazione già configurata: nessuna modifica. Amministratori: ${result.admins.join(', ')}. Farmacie: ${result.shops.join(', ')}.`);
      return 0;
    }
    if (result.status === 'invalid') {
      console.error('Configurazione non eseguita, nessuna modifica:');
      for (const [field, messages] of Object.entries(result.errors)) console.error(`  ${field}: ${messages.join(' ')}`);
      return 1;
    }
    console.log(`Farmacia ${result.shop.created ? 'creata' : 'già presente'}: ${result.shop.name} (n. ${result.shop.id}).`);
    console.log(`Amministratore creato: ${result.admin.email}.`);
    if (result.setPasswordLink) {
      const until = new Date(result.setPasswordLink.expiresAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' });
      console.log(`Imposta la password entro il ${until} con questo link (valido una sola volta, non verrà mostrato di nuovo):`);
      console.log(result.setPasswordLink.url);
    }
    console.log(`Accedi alla gestione: ${config.publicUrl.replace(/\/+$/, '')}/backoffice/`);
    return 0;
  });
}

main().then((code) => process.exit(code), exitOnStartFailure);
