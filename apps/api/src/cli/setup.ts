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
import { fillMessage, operatorCliMessages } from '@farmacia/contract';
import { exitOnStartFailure } from '../config.js';
import { alreadySetUp, runSetup, type SetupInput } from '../modules/onboarding/index.js';
import { onMigratedDatabase } from './migrated-database.js';

const texts = operatorCliMessages.setup;
const prompts = texts.prompts;

/** Flag → where it goes and the prompt a terminal shows for it. */
const FIELDS = [
  ['admin-name', 'admin', 'name', prompts.adminName],
  ['admin-email', 'admin', 'email', prompts.adminEmail],
  ['admin-password', 'admin', 'password', prompts.adminPassword],
  ['shop-name', 'shop', 'name', prompts.shopName],
  ['shop-address', 'shop', 'address', prompts.shopAddress],
  ['shop-city', 'shop', 'city', prompts.shopCity],
  ['shop-postal-code', 'shop', 'postal_code', prompts.shopPostalCode],
  ['shop-province', 'shop', 'province', prompts.shopProvince],
  ['shop-phone', 'shop', 'phone', prompts.shopPhone],
  ['shop-email', 'shop', 'email', prompts.shopEmail],
  ['legal-name', 'legal', 'legal_name', prompts.legalName],
  ['vat-number', 'legal', 'vat_number', prompts.vatNumber],
  ['registered-office', 'legal', 'registered_office', prompts.registeredOffice],
  ['responsible-pharmacist', 'legal', 'responsible_pharmacist', prompts.responsiblePharmacist],
  ['pharmacist-registration', 'legal', 'pharmacist_registration', prompts.pharmacistRegistration],
  ['ministry-authorization-code', 'legal', 'ministry_authorization_code', prompts.ministryAuthorizationCode],
  ['ministry-authorization-date', 'legal', 'ministry_authorization_date', prompts.ministryAuthorizationDate],
  ['ministry-list-url', 'legal', 'ministry_list_url', prompts.ministryListUrl],
] as const;

const USAGE = fillMessage(texts.usage, { flags: FIELDS.map(([flag]) => `[--${flag} …]`).join(' ') });

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
  return onMigratedDatabase(texts.failed, async (db, config) => {
    // Answers are asked only when there is something to set up.
    const done = await alreadySetUp(db);
    const result = done ?? (await runSetup(db, config.publicUrl, await collect(values)));
    if (result.status === 'already-set-up') {
      console.log(fillMessage(texts.alreadySetUp, { admins: result.admins.join(', '), shops: result.shops.join(', ') }));
      return 0;
    }
    if (result.status === 'invalid') {
      console.error(texts.invalid);
      for (const [field, messages] of Object.entries(result.errors)) console.error(`  ${field}: ${messages.join(' ')}`);
      return 1;
    }
    console.log(fillMessage(result.shop.created ? texts.shopCreated : texts.shopExisting, { name: result.shop.name, id: result.shop.id }));
    console.log(fillMessage(texts.adminCreated, { email: result.admin.email }));
    if (result.setPasswordLink) {
      const until = new Date(result.setPasswordLink.expiresAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' });
      console.log(fillMessage(texts.setPasswordLink, { until }));
      console.log(result.setPasswordLink.url);
    }
    console.log(fillMessage(texts.signIn, { url: `${config.publicUrl.replace(/\/+$/, '')}/backoffice/` }));
    return 0;
  });
}

main().then((code) => process.exit(code), exitOnStartFailure);
