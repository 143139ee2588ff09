/** The public entry of the referrals module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { rewardReferral } from './referrals.service.js';
