/**
 * The back office's set-password screen for a one-time token (the first admin's set-up link, a
 * pharmacist's invitation). Its origin is PUBLIC_URL only: never the request's Host header.
 */
export function setPasswordLink(publicUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl.replace(/\/+$/, '')}/backoffice/password?${query}`;
}
