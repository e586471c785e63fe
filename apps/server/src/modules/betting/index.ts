// Rounds, betting records, the winner board. Code outside betting imports this file only.
export { bettingRoutes } from './betting.routes';
export { ABANDONED_ROUND_AFTER_MS, BettingService, maskAccount, type TeamScope } from './betting.service';
