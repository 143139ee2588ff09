/** The public entry of the loyalty module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { LOYALTY_SETTINGS, awardOrderPoints, awardPoints, listCards, referralRewardPoints, type AwardResult } from './loyalty.service.js';
export type { LoyaltyTables } from './loyalty.table.js';
