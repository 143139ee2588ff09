import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { aicToCode32, fillMessage, messages } from '@farmacia/contract';
import { type Browser, chromium, devices, expect, type Page } from '@playwright/test';
import { barcodePng, fakeCameraVideo, framePng } from '../../../scripts/scan-images.mjs';
import config from '../playwright.config';
import { expectNoA11yViolations, type NewUser, newUser, openSignedIn, ownServer, registerThroughApi, test } from './support';

/**
 * The camera scanner (issue 20) in Debian's Chromium with a fake camera: Chromium plays a .y4m
 * video, which ffmpeg makes from barcodes that bwip-js draws (scripts/scan-images.mjs), as the
 * back camera. Each journey launches its own browser, because the video is a launch flag.
 */
const text = messages.scanCamera;
// A journey launches a browser and reads video frames on a shared 2-core machine: room for load.
test.describe.configure({ timeout: 120_000 });
const dir = path.resolve(import.meta.dirname, '../../../.data-test/scan-camera');
mkdirSync(dir, { recursive: true });

interface ProductHit {
  codice_ministeriale: string;
  nome_prodotto: string;
}

const browsers: Browser[] = [];
test.afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});

/** A phone-sized page whose camera plays `video` (or has no camera allowed when `camera` is false). */
async function phone(video: string | null, camera = true): Promise<Page> {
  const args = [...(config.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream'];
  if (video) args.push(`--use-file-for-fake-video-capture=${video}`);
  const browser = await chromium.launch({ executablePath: config.use?.launchOptions?.executablePath, args });
  browsers.push(browser);
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: ownServer().baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // As every journey not about the installed app (decision 0633).
    serviceWorkers: config.use?.serviceWorkers,
    // Not granting the camera is refusing it: Chromium without its permission prompt denies.
    permissions: camera ? ['camera'] : [],
  });
  // Keeps the streams the app opens, to check that closing the scanner releases the camera.
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { scanStreams: MediaStream[] }).scanStreams = streams;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return context.newPage();
}

/** The state of every camera track the page opened ('live' or 'ended'). */
function cameraTracks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { scanStreams: MediaStream[] }).scanStreams.flatMap((stream) => stream.getTracks().map((track) => track.readyState)),
  );
}

/** A catalogue product (its AIC is the product page's key). */
async function someProduct(page: Page): Promise<ProductHit> {
  const res = await page.request.get('/api/product/search?q=tachipirina&rpp=5&p=1');
  const hits = ((await res.json()) as { responses: { hits: { hits: { _source: ProductHit }[] } }[] }).responses[0]!.hits.hits;
  return hits[0]!._source;
}

/** A valid AIC (check digit right) that no product of the catalogue has. */
async function unknownAic(page: Page): Promise<string> {
  for (let n = 99_999_000; n < 99_999_100; n++) {
    const base = String(n).padStart(8, '0');
    for (let d = 0; d <= 9; d++) {
      const aic = `${base}${d}`;
      if (aicToCode32(aic) && (await page.request.get(`/api/product-codes/${aic}`)).status() === 404) return aic;
    }
  }
  throw new Error('no unknown AIC');
}

/** A new customer on 'Inserisci ricetta' (NRE), signed in (decision 0632). */
async function openNreForm(page: Page, user: NewUser): Promise<void> {
  await openSignedIn(page, await registerThroughApi(page, user), '/app/prescription/nre');
  await expect(page).toHaveURL(/\/app\/prescription\/nre$/);
}

/** The time from the camera's first frame to the scanner's result, from the dialog's performance marks. */
async function firstFrameToResult(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [first] = performance.getEntriesByName('scan:first-frame');
    const [result] = performance.getEntriesByName('scan:result');
    return result && first ? result.startTime - first.startTime : Number.NaN;
  });
}

test('the paper memo: the camera reads the NRE in two parts and the fiscal code, and the form is filled', async () => {
  const user = newUser();
  const nre = '0301A4123456789';
  const video = fakeCameraVideo(
    [[await barcodePng('code39', nre.slice(0, 5)), await barcodePng('code39', nre.slice(5))], [await barcodePng('code39', user.fiscalCode)]],
    path.join(dir, 'memo.y4m'),
  );
  const page = await phone(video);
  await openNreForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Inserisci ricetta' })).toBeVisible();

  await page.getByRole('button', { name: messages.scan.scanButton, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.scan.scanMemo });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(text.hintMemo)).toBeVisible();

  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByLabel('Codice NRE')).toHaveValue(nre);
  await expect(page.getByLabel(/Codice fiscale dell'assistito/)).toHaveValue(user.fiscalCode);
  // The camera is released once the codes are read.
  expect(await cameraTracks(page)).toEqual(['ended']);
  const ms = await firstFrameToResult(page);
  test.info().annotations.push({ type: 'first frame → memo filled', description: `${Math.round(ms)} ms` });
  console.log(`[scan] first frame → memo filled: ${Math.round(ms)} ms`);
  expect(ms).toBeGreaterThan(0);
});

test('a memo whose NRE does not read: the fiscal code read so far is used on request', async () => {
  const user = newUser();
  // Only the fiscal code's barcode is in view.
  const video = fakeCameraVideo([[await barcodePng('code39', user.fiscalCode)]], path.join(dir, 'memo-fiscal-code.y4m'));
  const page = await phone(video);
  await openNreForm(page, user);

  await page.getByRole('button', { name: messages.scan.scanButton, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.scan.scanMemo });
  await expect(dialog.getByText(fillMessage(text.foundFiscalCode, { fiscalCode: user.fiscalCode }))).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(text.missingNre)).toBeVisible();
  await dialog.getByRole('button', { name: text.useFound }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(/Codice fiscale dell'assistito/)).toHaveValue(user.fiscalCode);
  await expect(page.getByLabel('Codice NRE')).toHaveValue('');
  expect(await cameraTracks(page)).toEqual(['ended']);
});

test('a box: its Code 32 opens the product page', async () => {
  const probe = await phone(null);
  const product = await someProduct(probe);
  const video = fakeCameraVideo([[await barcodePng('code32', product.codice_ministeriale)]], path.join(dir, 'box.y4m'));
  const page = await phone(video);
  await page.goto('/app/search');
  await page.getByRole('button', { name: messages.scan.scanPack }).click();
  await expect(page.getByRole('dialog', { name: messages.scan.scanPack })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/product/${product.codice_ministeriale}$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: product.nome_prodotto })).toBeVisible();
  console.log(`[scan] first frame → product opened: ${Math.round(await firstFrameToResult(page))} ms`);
});

test('a box not in the catalogue: the code is said unknown and the product request offered', async () => {
  const probe = await phone(null);
  const aic = await unknownAic(probe);
  const video = fakeCameraVideo([[await barcodePng('code32', aic)]], path.join(dir, 'unknown.y4m'));
  const page = await phone(video);
  await page.goto('/app/search');
  await page.getByRole('button', { name: messages.scan.scanPack }).click();
  await expect(page.getByText(fillMessage(messages.scan.packUnknown, { code: aic }))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: messages.scan.scanPack })).toBeHidden();
  await expect(page.getByText(messages.scan.packRequest).first()).toBeVisible();
  expect(await cameraTracks(page)).toEqual(['ended']);
});

test('camera refused: the dialog says so, and a photo of the box is read on the phone', async () => {
  const page = await phone(null, false);
  const product = await someProduct(page);
  const photo = framePng([[await barcodePng('code32', product.codice_ministeriale)]], 'rotate=10*PI/180:fillcolor=white,noise=alls=20:allf=t', path.join(dir, 'box.png'));
  await page.goto('/app/search');
  await page.getByRole('button', { name: messages.scan.scanPack }).click();
  const dialog = page.getByRole('dialog', { name: messages.scan.scanPack });
  await expect(dialog.getByRole('alert')).toHaveText(text.denied);
  await expectNoA11yViolations(page, 'scanner (camera refused)');
  // The photo stays on the phone: no request carries it.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if ((request.postDataBuffer()?.length ?? 0) > 10_000) uploads.push(request.url());
  });
  await dialog.getByLabel(text.uploadPhoto).setInputFiles(photo);
  await expect(page).toHaveURL(new RegExp(`/app/product/${product.codice_ministeriale}$`), { timeout: 30_000 });
  expect(uploads).toEqual([]);
});

test('a photo with no valid code: the dialog says so and stays open; Esc closes it', async () => {
  const page = await phone(null, false);
  const photo = framePng([[await barcodePng('code39', 'NOTACODE')]], '', path.join(dir, 'nothing.png'));
  await page.goto('/app/search');
  const opener = page.getByRole('button', { name: messages.scan.scanPack });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: messages.scan.scanPack });
  await dialog.getByLabel(text.uploadPhoto).setInputFiles(photo);
  await expect(dialog.getByText(text.photoNothing)).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page, 'scanner (photo without a code)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('closing the scanner while it looks releases the camera and gives focus back', async () => {
  // A memo in front of the box scanner: no pack code, so it keeps looking until closed.
  const video = fakeCameraVideo([[await barcodePng('code39', 'RSSMRA85T10A562S')]], path.join(dir, 'no-pack.y4m'));
  const page = await phone(video);
  await page.goto('/app/search');
  const opener = page.getByRole('button', { name: messages.scan.scanPack });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: messages.scan.scanPack });
  await expect(dialog.getByText(text.scanning)).toBeVisible();
  await expect.poll(() => cameraTracks(page)).toEqual(['live']);
  await dialog.getByRole('button', { name: text.close }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await cameraTracks(page)).toEqual(['ended']);
});
