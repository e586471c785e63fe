// A member's invitations: the code, the link, the members who registered with it; the referral rewards paid when an
// invited member qualifies (decision 0057). Code outside referral imports this file only.
export { referralRoutes } from './referral.routes';
export { referralBackofficeRoutes } from './referral.bo-routes';
export { ReferralService } from './referral.service';
export {
  invitedRewardKey,
  ReferralFeedConsumer,
  ReferralRewardService,
  REFERRALS_CONSUMER,
  rewardKey,
} from './referral-rewards.service';
