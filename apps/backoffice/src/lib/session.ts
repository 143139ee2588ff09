/**
 * The staff session: the bearer token lives in sessionStorage (gone when the tab closes, which
 * suits a shared pharmacy counter) and the logged-in member's identity comes from /admin/whoami.
 */
const KEY = 'farmacia.backoffice.token';

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
  return sessionStorage.getItem(KEY);
}

export function setSession(token: string, member: StaffMember): void {
  sessionStorage.setItem(KEY, token);
  staff = member;
  for (const l of listeners) l();
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
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
