import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { decodeQuotedPrintable } from './support';

/**
 * Going live from an EMPTY production database (issue 15, README "Going live"): its own server
 * (NODE_ENV=production, its own DATA_DIR and port 8214, no demo seed), `npm run setup`, the first
 * admin sets their password from the one-time link and logs into the back office, invites a
 * pharmacist, and the pharmacist follows the link of the .eml in the outbox, sets a password and
 * logs in. Steps are separate functions so later steps (the shop's legal data in the back office,
 * a first order) slot in between.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const PORT = 8214;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(root, '.data-test', 'go-live');
// The compiled server and setup, as `npm start` and `npm run setup` run them (built by the journeys' own server start).
const compiled = (entry: string) => path.join(root, 'apps/api/dist', `${entry}.mjs`);

/** Exactly what an operator gives a production start (README "Going live"): nothing inherited from the demo. */
const PRODUCTION_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  PAYMENT_MODE: 'sandbox',
  SANDBOX_CONTROL_TOKEN: 'go-live-journey-sandbox-control-token',
  JWT_SECRET: 'go-live-journey-jwt-secret-0123456789abcdef',
  FILE_ENCRYPTION_KEY: '5a'.repeat(32),
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(root, 'apps/web/dist'),
  BACKOFFICE_DIST: path.join(root, 'apps/backoffice/dist'),
};

const ADMIN = { name: 'Elena Conti', email: 'titolare@farmacia-conti.it', password: 'Titolare-Sicura-2026' };
const PHARMACIST = { name: 'Marco Gallo', email: 'marco.gallo@farmacia-conti.it', password: 'Farmacista-Sicuro-2026' };

let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
});

/** `npm run setup` with flags, as a script would: returns the one-time link it printed. */
function runSetup(): string {
  const run = spawnSync(
    process.execPath,
    [
      compiled('setup'),
      '--non-interactive',
      ...['--admin-name', ADMIN.name, '--admin-email', ADMIN.email],
      ...['--shop-name', 'Farmacia Conti', '--shop-city', 'Vicenza', '--shop-email', 'ordini@farmacia-conti.it'],
      ...['--legal-name', 'Farmacia Conti S.r.l.', '--vat-number', '01234567897', '--responsible-pharmacist', 'Dott.ssa Elena Conti'],
    ],
    { cwd: root, env: PRODUCTION_ENV, encoding: 'utf8', timeout: 170_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  const link = /^https?:\/\/\S+\/backoffice\/password\?\S+$/m.exec(run.stdout)?.[0];
  expect(link, run.stdout).toBeDefined();
  return link as string;
}

async function startServer(): Promise<void> {
  server = spawn(process.execPath, [compiled('server')], { cwd: root, env: PRODUCTION_ENV, stdio: 'inherit' });
  await expect
    .poll(async () => (await fetch(`${BASE}/readyz`).catch(() => undefined))?.status, { timeout: 170_000, intervals: [500] })
    .toBe(200);
}

/** The newest .eml of this server's outbox to `recipient`, decoded, once the worker has written it. */
async function mailTo(recipient: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse();
        } catch {
          // The worker has not written its first mail yet.
        }
        found = names.map((n) => decodeQuotedPrintable(readFileSync(path.join(outbox, n), 'utf8'))).find((m) => m.includes(recipient)) ?? '';
        return found !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found.replace(/&amp;/g, '&');
}

async function setPasswordFromLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Imposta la tua password' })).toBeVisible();
  await page.getByLabel('Nuova password', { exact: true }).fill(password);
  await page.getByLabel('Conferma nuova password').fill(password);
  await page.getByRole('button', { name: 'Imposta password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password aggiornata correttamente. Ora puoi accedere con la nuova password.');
  await page.getByRole('link', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${BASE}/backoffice/login`);
}

async function backofficeLogin(page: Page, email: string, password: string, role: string): Promise<void> {
  await page.goto(`${BASE}/backoffice/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste e ordini' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(role);
}

test('from an empty production database: setup, the admin in the back office, a pharmacist invited and logged in', async ({ page }) => {
  test.setTimeout(420_000);
  const adminLink = runSetup();
  expect(new URL(adminLink).origin).toBe(BASE);
  await startServer();
  // Production never seeds the demo: no demo shop, no demo admin.
  const demoLogin = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@farmacia.demo', password: 'Farmacia2026!' }),
  });
  expect(demoLogin.status).toBe(401);

  await setPasswordFromLink(page, adminLink, ADMIN.password);
  await backofficeLogin(page, ADMIN.email, ADMIN.password, `${ADMIN.name} · Amministratore`);

  // (Later: the shop's legal data in the back office, once that screen exists.)

  await page.goto(`${BASE}/backoffice/farmacisti`);
  const invite = page.getByRole('form', { name: 'Invita un farmacista' });
  await invite.getByLabel('Nome e cognome').fill(PHARMACIST.name);
  await invite.getByLabel('Email').fill(PHARMACIST.email);
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invito inviato a ${PHARMACIST.email}.`);
  await expect(page.getByRole('list', { name: 'Inviti in attesa' })).toContainText(PHARMACIST.email);
  await page.getByRole('button', { name: 'Esci' }).click();

  const mail = await mailTo(PHARMACIST.email);
  const invitationLink = new RegExp(`${BASE.replaceAll('.', '\\.')}/backoffice/password\\?[^\\s"'<>]+`).exec(mail)?.[0];
  expect(invitationLink, 'the set-password link of the invitation').toBeDefined();
  await setPasswordFromLink(page, invitationLink as string, PHARMACIST.password);
  await backofficeLogin(page, PHARMACIST.email, PHARMACIST.password, `${PHARMACIST.name} · Farmacista`);
});
