import type { InboundNotification, ProviderName } from './provider.js';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Which payment an inbound message claims to be about, read before any check: only to find the
 * payment (and so the shop whose secret verifies the message). Nothing is believed until the
 * adapter has verified it.
 */
export function claimedProviderRef(provider: ProviderName, inbound: InboundNotification): string {
  switch (provider) {
    case 'nexi':
      return str(obj(inbound.body).codTrans) || (inbound.query.codTrans ?? '');
    case 'gestpay':
      return inbound.query.b ?? inbound.query.paymentID ?? '';
    case 'paypal': {
      const event = obj(inbound.body);
      const resource = obj(event.resource);
      const related = str(obj(obj(resource.supplementary_data).related_ids).order_id);
      return str(event.resource_type) === 'checkout-order' ? str(resource.id) : related || str(resource.id);
    }
  }
}
