// A member's invitations: the code, the link, the members who registered with it. Code outside referral imports
// this file only.
export { referralRoutes } from './referral.routes';
export { ReferralService } from './referral.service';
