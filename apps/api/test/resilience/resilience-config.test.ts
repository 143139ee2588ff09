import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/** The configuration of this features: S3 blob store, metrics token, the test-only fault hook. */
describe('resilience and scale configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('defaults: disk blob store, no metrics, no fault hook', () => {
    const c = load({});
    expect(c.blobStore).toEqual({ kind: 'disk' });
    expect(c.metricsToken).toBeUndefined();
    expect(c.faultPause).toBeUndefined();
  });

  it('BLOB_STORE=s3 needs every S3 setting, and takes them', () => {
    expect(() => load({ BLOB_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    const s3 = {
      BLOB_STORE: 's3',
      S3_ENDPOINT: 'https://s3.eu-south-1.amazonaws.com',
      S3_BUCKET: 'farmacia-files',
      S3_REGION: 'eu-south-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'segreto',
    };
    expect(load(s3).blobStore).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-south-1.amazonaws.com',
      bucket: 'farmacia-files',
      region: 'eu-south-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'segreto',
    });
    expect(() => load({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a valid bucket name/);
  });

  it('METRICS_TOKEN must be long enough to be a secret', () => {
    expect(() => load({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
    expect(load({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe('a-long-enough-metrics-token');
  });

  it('FARMACIA_FAULT_PAUSE: parsed, malformed refused, never with live payments', () => {
    expect(load({ FARMACIA_FAULT_PAUSE: 'insert:orders' }).faultPause).toEqual({ statement: 'insert', table: 'orders', ms: 60_000 });
    expect(load({ FARMACIA_FAULT_PAUSE: 'update:reservations:2000' }).faultPause).toEqual({ statement: 'update', table: 'reservations', ms: 2000 });
    expect(() => load({ FARMACIA_FAULT_PAUSE: 'drop:orders' })).toThrow(/FARMACIA_FAULT_PAUSE/);
    expect(() => load({ FARMACIA_FAULT_PAUSE: 'insert:orders', PAYMENT_MODE: 'live' })).toThrow(/tests only/);
  });
});
