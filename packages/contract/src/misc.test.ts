import { describe, expect, it } from 'vitest';
import { barcodeImageSrc, LoyaltyCardListResponseSchema } from './loyalty.js';
import { CHAT_FAILURE_REPLY, ChatQuerySchema, chatReplies } from './chat.js';
import { messages } from './common/messages.js';
import { NotificationEnableBodySchema, NotificationParamsSchema, notificationToggledMessage } from './notification.js';
import { acceptAllConsents, allConsentsGiven, privacyConsentErrors, privacyValuesOf } from './privacy.js';
import { referralLink, ReferrerResponseSchema } from './referrer.js';
import type { PrivacyConsentDefinition } from './shop.js';

describe('loyalty card', () => {
  it('reads the list and builds the barcode image source', () => {
    const card = { card_id: '2000001', score: 120, barcode: 'iVBORw0KGgo=', updated_at: '2025-05-01T10:00:00.000Z', reset_date: '2025-12-31', blocked: false };
    expect(LoyaltyCardListResponseSchema.parse({ data: [card] }).data[0]).toEqual(card);
    expect(barcodeImageSrc(card)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(barcodeImageSrc({ barcode: null })).toBeUndefined();
  });
});

describe('chat', () => {
  it('requires a message', () => {
    expect(ChatQuerySchema.safeParse({ message: '  ' }).error?.issues[0]?.message).toBe(messages.chat.messageRequired);
    expect(ChatQuerySchema.parse({ message: ' orari? ' })).toEqual({ message: 'orari?' });
  });

  it('turns text, objects, lists and envelopes into bubbles', () => {
    expect(chatReplies('Ciao')).toEqual([{ ...CHAT_FAILURE_REPLY, response: 'Ciao' }]);
    const object = { response: 'Siamo aperti', link: '/app/shift', textLink: 'Turni', suggestions: ['Orari', 3], buttons: [{ label: 'Vai' }] };
    expect(chatReplies({ data: [object] })).toEqual([
      { response: 'Siamo aperti', link: '/app/shift', textLink: 'Turni', suggestions: ['Orari'], buttons: [{ label: 'Vai', link: null }] },
    ]);
    expect(chatReplies([object, 'Altro'])).toHaveLength(2);
  });

  it('gives the spec failure reply when nothing is usable', () => {
    for (const answer of [null, undefined, '', {}, [], { response: '' }, 42]) {
      expect(chatReplies(answer)).toEqual([CHAT_FAILURE_REPLY]);
    }
    expect(CHAT_FAILURE_REPLY.response).toBe('Scusami, non riesco a capire la tua richiesta. Puoi ripetere inserendo più informazioni? grazie!');
  });
});

describe('notifications', () => {
  const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'BN', auth: 'xy' } };

  it('push needs a subscription token, as object or JSON text; email and sms do not', () => {
    expect(NotificationEnableBodySchema.parse({ type: 'push', token: subscription }).token).toEqual(subscription);
    expect(NotificationEnableBodySchema.parse({ type: 'push', token: JSON.stringify(subscription) }).token).toEqual(subscription);
    expect(NotificationEnableBodySchema.safeParse({ type: 'push' }).success).toBe(false);
    expect(NotificationEnableBodySchema.parse({ type: 'email' })).toEqual({ type: 'email' });
    expect(NotificationEnableBodySchema.safeParse({ type: 'fax' }).success).toBe(false);
  });

  it('checks the path and builds the toast', () => {
    expect(NotificationParamsSchema.safeParse({ type: 'sms', device: 'device-1234' }).success).toBe(true);
    expect(NotificationParamsSchema.safeParse({ type: 'sms', device: '../x' }).success).toBe(false);
    expect(notificationToggledMessage('push', true)).toBe('Notifiche push attivate.');
    expect(notificationToggledMessage('sms', false)).toBe('Notifiche sms disabilitate.');
  });
});

describe('privacy consents', () => {
  const definitions: PrivacyConsentDefinition[] = [
    { key: 'privacy1', label: 'Trattamento dati', mandatory: true, link: '/app/privacy' },
    { key: 'privacy2', label: 'Marketing', mandatory: false, link: null },
  ];

  it("marks missing mandatory consents with 'Questo consenso è obbligatorio'", () => {
    expect(privacyConsentErrors(definitions, {})).toEqual({ privacy1: 'Questo consenso è obbligatorio' });
    expect(privacyConsentErrors(definitions, { privacy1: true })).toEqual({});
  });

  it('accept all gives every defined consent', () => {
    const all = acceptAllConsents(definitions);
    expect(all).toEqual({ privacy1: true, privacy2: true, privacy3: false });
    expect(allConsentsGiven(definitions, all)).toBe(true);
    expect(allConsentsGiven(definitions, { privacy1: true })).toBe(false);
    expect(privacyValuesOf({ privacy1: 1, privacy2: 0, privacy3: 1 })).toEqual({ privacy1: true, privacy2: false, privacy3: true });
  });
});

describe('referrer', () => {
  it('reads data.code and builds the share link with ref', () => {
    expect(ReferrerResponseSchema.parse({ data: { code: 'AMICO42' } }).data.code).toBe('AMICO42');
    expect(referralLink('https://farmacia.example/', 'AMICO 42')).toBe('https://farmacia.example/auth/login?segment=signup&ref=AMICO%2042');
  });
});
