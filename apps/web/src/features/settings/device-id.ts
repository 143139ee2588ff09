import { randomUuid } from '@farmacia/contract';

const STORAGE_KEY = 'farmacia.device-id';

/**
 * This browser's identifier for notification settings (spec §3: "a device identifier is included
 * in the path"): drawn once and kept, so push stays tied to this device's subscription.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,128}$/.test(stored)) return stored;
    const id = randomUuid();
    localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    // Storage disabled: a per-session id still lets the toggles work.
    return randomUuid();
  }
}
