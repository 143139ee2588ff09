/** The public entry of the auth module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { oneTimeLinkMail } from './auth.mail.js';
export { selectSessionWithUser, type SessionWithUser } from './session-read.js';
export { liveSessionCondition, sessionAdmits } from './live-session.js';
export type { AccessClaims } from './tokens.js';
export {
  authenticateClaims,
  authenticateToken,
  authenticateTokenReading,
  callerOfSession,
  issuePasswordToken,
  pruneExpiredSessions,
  signOutEverywhere,
  voidPasswordLinks,
  type AuthContext,
  verifiedClaims,
} from './auth.service.js';
export { hashPassword, verifyPassword } from './passwords.js';
