import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { type AwardResult, awardPoints, referralRewardPoints } from '../loyalty/index.js';
import * as repo from './referrals.repository.js';

/**
 * Invite a friend (spec §2 Referrer). The friend code is the user's `referral_code`, drawn at
 * signup (10 characters of a 32-letter alphabet, ~50 random bits) and never changed. When a
 * friend signs up with it, the referrer's loyalty card in the friend's shop receives the reward
 * that shop configures (`referral_reward_points`), at most REFERRAL_REWARDS_PER_YEAR times in
 * 365 days, so mass-created accounts cannot farm points (decision 0244).
 */
export const REFERRAL_REWARDS_PER_YEAR = 20;

export async function getReferralCode(db: Db, userId: number): Promise<string> {
  const code = await repo.findReferralCode(db, userId);
  if (!code) throw notFound();
  return code;
}

/**
 * Rewards the referrer of a new account (called by signup once the account exists). Idempotent
 * per referred user; nothing happens when the user was not invited, the shop sets no reward, or
 * the referrer reached the yearly cap.
 */
export async function rewardReferral(db: Db, referredUserId: number, shopId: number): Promise<AwardResult | undefined> {
  const referrerId = await repo.findReferrerOf(db, referredUserId);
  if (referrerId === undefined || referrerId === referredUserId) return undefined;
  const points = await referralRewardPoints(db, shopId);
  if (points <= 0) return undefined;
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString();
  if ((await repo.countReferralRewardsSince(db, referrerId, shopId, yearAgo)) >= REFERRAL_REWARDS_PER_YEAR) return undefined;
  return awardPoints(db, { userId: referrerId, shopId, points, reason: 'referral', reference: `referral:${referredUserId}` });
}
