import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../test/build-test-app.js';

/** A built app's folder: its page, a hashed asset and a file whose name does not change between builds. */
function builtApp(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Farmacia</title></head><body></body></html>');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), 'export {};');
  return dir;
}

/** Both built apps: hashed assets cached for a year, the rest revalidated; the back office never indexed. */
describe(`static apps (${testEngine})`, () => {
  let t: TestApp;
  let webDist: string;
  let backofficeDist: string;

  beforeAll(async () => {
    webDist = builtApp('farmacia-web-');
    backofficeDist = builtApp('farmacia-backoffice-');
    t = await buildTestApp({ webDist, backofficeDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(backofficeDist, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-1a2b.js', 'public, max-age=31536000, immutable', undefined],
    ['/manifest.webmanifest', 'no-cache', undefined],
    ['/backoffice/assets/index-1a2b.js', 'public, max-age=31536000, immutable', 'noindex'],
    ['/backoffice/manifest.webmanifest', 'no-cache', 'noindex'],
  ])('%s: cache-control %s, x-robots-tag %s', async (url, cacheControl, robots) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['x-robots-tag']).toBe(robots);
  });
});
