/** The public entry of the auth module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { oneTimeLinkMail } from './auth.mail.js';
export { selectSessionWithUser, type SessionWithUser } from './session-read.js';
export {
  authenticateToken,
  authenticateTokenReading,
  issuePasswordToken,
  pruneExpiredSessions,
  signOutEverywhere,
  voidPasswordLinks,
  type AuthContext,
} from './auth.service.js';
export { hashPassword, verifyPassword } from './passwords.js';
