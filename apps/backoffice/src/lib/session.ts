/**
 * The staff session: the bearer token lives in sessionStorage (gone when the tab closes, which
 * suits a shared pharmacy counter) and the logged-in member's identity comes from /admin/whoami.
 */
/** Where the token is kept (the journeys start signed in by putting one there, decision 0632). */
export const STAFF_TOKEN_KEY = 'farmacia.backoffice.token';

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: 'pharmacist' | 'admin';
  shop_id: number;
}

let staff: StaffMember | null = null;
const listeners = new Set<() => void>();

export function getToken(): string | null {
  return sessionStorage.getItem(STAFF_TOKEN_KEY);
}

export function setSession(token: string, member: StaffMember): void {
  sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  staff = member;
  for (const l of listeners) l();
}

export function clearSession(): void {
  sessionStorage.removeItem(STAFF_TOKEN_KEY);
  staff = null;
  for (const l of listeners) l();
}

export function currentStaff(): StaffMember | null {
  return staff;
}

export function rememberStaff(member: StaffMember): void {
  staff = member;
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
