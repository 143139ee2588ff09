import { FRONTEND_VERSION } from '@farmacia/contract';
import { useApiVersion } from './version-poll';

/** Spec §9: '1.1.1' joined to the API version ('1.1.1-1.0.0'); just '1.1.1' until the API answers. */
export function versionString(apiVersion: string | null): string {
  return apiVersion ? `${FRONTEND_VERSION}-${apiVersion}` : FRONTEND_VERSION;
}

export function useVersionString(): string {
  return versionString(useApiVersion());
}

/**
 * The shop logo, with the version string as its cache key (spec §9). An image carries no bearer
 * token: the shop shown (`shopKey`, decision 0544) is named, unless it is the server's default.
 */
export function logoUrl(version: string, shop = 'default'): string {
  const base = `/api/logo/logo.png?v=${encodeURIComponent(version)}`;
  return /^\d+$/.test(shop) ? `${base}&shop_id=${shop}` : base;
}
