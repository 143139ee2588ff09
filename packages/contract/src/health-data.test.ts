import { describe, expect, it } from 'vitest';
import {
  HEALTH_CONSENT_VERSION,
  HEALTH_RETENTION_DEFAULT_MONTHS,
  HealthConsentGiveBodySchema,
  HealthRetentionSchema,
  healthConsentValid,
  healthRetentionCutoff,
  healthRetentionMonths,
  infoRequestNeedsHealthConsent,
} from './health-data.js';
import { messages } from './common/messages.js';

describe('health consent rule', () => {
  it('counts only a consent in force for the current text', () => {
    expect(healthConsentValid(null)).toBe(false);
    expect(healthConsentValid({ version: HEALTH_CONSENT_VERSION, withdrawn_at: null })).toBe(true);
    expect(healthConsentValid({ version: HEALTH_CONSENT_VERSION, withdrawn_at: '2026-11-27T10:00:00.000Z' })).toBe(false);
    expect(healthConsentValid({ version: '2000-01-01', withdrawn_at: null })).toBe(false);
  });

  it('refuses an unticked box or a stale text version with Italian messages', () => {
    const unticked = HealthConsentGiveBodySchema.safeParse({ accepted: false, version: HEALTH_CONSENT_VERSION });
    expect(unticked.error?.issues[0]?.message).toBe(messages.healthData.acceptRequired);
    const stale = HealthConsentGiveBodySchema.safeParse({ accepted: true, version: '2000-01-01' });
    expect(stale.error?.issues[0]?.message).toBe(messages.healthData.versionMismatch);
    expect(HealthConsentGiveBodySchema.safeParse({ accepted: true, version: HEALTH_CONSENT_VERSION }).success).toBe(true);
  });
});

describe('information requests', () => {
  it('need the consent only with a note that says something', () => {
    expect(infoRequestNeedsHealthConsent('Ho la pressione alta')).toBe(true);
    expect(infoRequestNeedsHealthConsent('  ')).toBe(false);
    expect(infoRequestNeedsHealthConsent(undefined)).toBe(false);
    expect(infoRequestNeedsHealthConsent(null)).toBe(false);
  });
});

describe('health data retention', () => {
  it('reads a stored setting, or the default', () => {
    expect(healthRetentionMonths('12')).toBe(12);
    expect(healthRetentionMonths(null)).toBe(HEALTH_RETENTION_DEFAULT_MONTHS);
    expect(healthRetentionMonths('0')).toBe(HEALTH_RETENTION_DEFAULT_MONTHS);
    expect(healthRetentionMonths('abc')).toBe(HEALTH_RETENTION_DEFAULT_MONTHS);
  });

  it('accepts whole months from 1 to 120 only', () => {
    expect(HealthRetentionSchema.safeParse({ months: 0 }).success).toBe(false);
    expect(HealthRetentionSchema.safeParse({ months: 121 }).success).toBe(false);
    expect(HealthRetentionSchema.safeParse({ months: 2.5 }).success).toBe(false);
    expect(HealthRetentionSchema.parse({ months: 24 })).toEqual({ months: 24 });
  });

  it('goes back calendar months, clamping to the shorter month', () => {
    expect(healthRetentionCutoff(new Date('2026-11-27T03:00:00.000Z'), 6).toISOString()).toBe('2026-05-27T03:00:00.000Z');
    expect(healthRetentionCutoff(new Date('2026-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(healthRetentionCutoff(new Date('2026-01-15T00:00:00.000Z'), 13).toISOString()).toBe('2024-12-15T00:00:00.000Z');
  });
});
