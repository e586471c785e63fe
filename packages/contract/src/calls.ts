// Every call the platform serves, one table per area, each in its area's calls.ts beside its schemas. The
// server registers its routes at these paths and a test holds it to exactly this list
// (apps/server/src/routes.test.ts); the site calls them by these names. Zod-free, in both entries of the
// contract. A table is a module namespace, so a bundle keeps only the calls it uses.
export * from './call';
export * as ACCOUNT_CALLS from './accounts/calls';
export * as SYSTEM_CALLS from './system/calls';
export * as PROTECTION_CALLS from './protection/calls';
export * as GAME_CALLS from './games/calls';
export * as WALLET_CALLS from './wallet/calls';
export * as MESSAGE_CALLS from './messages/calls';
export * as REFERRAL_CALLS from './referral/calls';
export * as TRANSFER_CALLS from './transfers/calls';
export * as KYC_CALLS from './kyc/calls';
export * as SECURITY_CALLS from './security/calls';
export * as CONTACT_CALLS from './security/contact-calls';
export * as VENDOR_WALLET_CALLS from './vendor/calls';
export * as BACKOFFICE_CALLS from './backoffice/calls';
export * as WITHDRAWAL_CALLS from './withdrawals/calls';
export * as CASHIER_CALLS from './cashier/calls';
export * as POINT_MALL_CALLS from './point-mall/calls';
export * as VIP_CALLS from './vip/calls';
export * as POINT_CALLS from './points/calls';
export * as REBATE_CALLS from './rebates/calls';
export * as BONUS_CALLS from './bonuses/calls';
export * as APPLICATION_CALLS from './applications/calls';
export * as MISSION_CALLS from './missions/calls';
export * as LEADERBOARD_CALLS from './leaderboards/calls';
export * as RAFFLE_CALLS from './raffles/calls';
export * as PROMOTION_CALLS from './promotions/calls';
export * as AGENT_CALLS from './agents/calls';
export * as SUPPORT_CALLS from './support/calls';
