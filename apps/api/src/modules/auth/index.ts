/** The public entry of the auth module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { oneTimeLinkMail } from './auth.mail.js';
export {
  authenticateToken,
  issuePasswordToken,
  pruneExpiredSessions,
  signOutEverywhere,
  voidPasswordLinks,
  type AuthContext,
} from './auth.service.js';
export { hashPassword, verifyPassword } from './passwords.js';
