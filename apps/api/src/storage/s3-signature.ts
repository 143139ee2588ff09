import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests (header form), as specified in the AWS "Signature
 * Version 4 signing process" and "Authenticating Requests (AWS Signature Version 4)" for S3:
 * canonical request → string to sign → HMAC chain of date, region and service. Used by the S3
 * BlobStore to sign and by the local S3 sandbox to verify, and checked against AWS's published
 * example in the tests, so the two cannot merely agree with each other.
 */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const ALGORITHM = 'AWS4-HMAC-SHA256';

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 canonical URI: each path segment encoded once (S3 does not double-encode). */
export function canonicalUri(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** '2013-05-24T00:00:00.000Z' → '20130524T000000Z'. */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function signingKey(secretAccessKey: string, day: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign (names any case); must include host, x-amz-date and x-amz-content-sha256. */
  headers: Record<string, string>;
  payloadHash: string;
}

/** The signature of a request whose headers are already complete. */
export function signature(input: SignInput, secretAccessKey: string, region: string): { signature: string; signedHeaders: string; scope: string } {
  const lower = Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const);
  lower.sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = lower.map(([k]) => k).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalUri(input.url.pathname),
    canonicalQuery(input.url.searchParams),
    lower.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const date = input.headers['x-amz-date'] ?? '';
  const day = date.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, date, scope, sha256Hex(canonicalRequest)].join('\n');
  return { signature: createHmac('sha256', signingKey(secretAccessKey, day, region)).update(stringToSign).digest('hex'), signedHeaders, scope };
}

/** Headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(
  request: { method: string; url: URL; headers?: Record<string, string>; body?: Buffer },
  credentials: S3Credentials,
  now: Date = new Date(),
): Record<string, string> {
  const payloadHash = sha256Hex(request.body ?? '');
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    'x-amz-date': amzDate(now),
    'x-amz-content-sha256': payloadHash,
  };
  const signed = signature({ method: request.method, url: request.url, headers, payloadHash }, credentials.secretAccessKey, credentials.region);
  return {
    ...headers,
    authorization: `${ALGORITHM} Credential=${credentials.accessKeyId}/${signed.scope}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.signature}`,
  };
}

export type VerifyResult = { ok: true; accessKeyId: string } | { ok: false; code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed' | 'XAmzContentSHA256Mismatch' };

/**
 * Checks a received request's SigV4 Authorization header (what S3 does): known key, scope of
 * this region, date within 15 minutes, the declared payload hash equal to the body's, signature.
 */
export function verifyRequest(
  request: { method: string; url: URL; headers: Record<string, string | string[] | undefined>; body: Buffer },
  secrets: (accessKeyId: string) => string | undefined,
  region: string,
  now: Date = new Date(),
): VerifyResult {
  const header = String(request.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(header);
  if (!m) return { ok: false, code: 'AccessDenied' };
  const [, accessKeyId, day, scopeRegion, signedList, given] = m as unknown as [string, string, string, string, string, string];
  const secret = secrets(accessKeyId);
  if (!secret) return { ok: false, code: 'InvalidAccessKeyId' };
  if (scopeRegion !== region) return { ok: false, code: 'SignatureDoesNotMatch' };
  const date = String(request.headers['x-amz-date'] ?? '');
  const when = Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  if (!date.startsWith(day) || Number.isNaN(when) || Math.abs(now.getTime() - when) > 15 * 60_000) return { ok: false, code: 'RequestTimeTooSkewed' };
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(request.body)) return { ok: false, code: 'XAmzContentSHA256Mismatch' };
  const signedNames = signedList.split(';');
  if (!signedNames.includes('host') || !signedNames.includes('x-amz-date')) return { ok: false, code: 'AccessDenied' };
  const headers: Record<string, string> = {};
  for (const name of signedNames) headers[name] = String(request.headers[name] ?? '');
  const expected = signature({ method: request.method, url: request.url, headers, payloadHash }, secret, region).signature;
  const same = timingSafeEqual(Buffer.from(expected), Buffer.from(given));
  return same ? { ok: true, accessKeyId } : { ok: false, code: 'SignatureDoesNotMatch' };
}
