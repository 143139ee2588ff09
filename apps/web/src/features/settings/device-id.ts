const STORAGE_KEY = 'farmacia.device-id';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's identifier for notification settings (spec §3: "a device identifier is included
 * in the path"): drawn once and kept, so push stays tied to this device's subscription.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,128}$/.test(stored)) return stored;
    const id = randomId();
    localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    // Storage disabled: a per-session id still lets the toggles work.
    return randomId();
  }
}
