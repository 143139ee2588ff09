import { StaffWhoAmIResponseSchema } from '@farmacia/contract';
import { api } from './api';

/** `GET /admin/whoami`: who the session's member is (the staff frame's check, loaded with it). */
export function fetchWhoAmI() {
  return api('GET', '/admin/whoami', StaffWhoAmIResponseSchema);
}
