// Abuse checks before a payout and the flags of payouts held for the operator (decision 0057). Code outside abuse
// imports this file only.
export { AbuseService, type AbuseFlagRow, type HeldPayout, type MatchScope } from './abuse.service';
export { abuseBackofficeRoutes } from './abuse.bo-routes';
