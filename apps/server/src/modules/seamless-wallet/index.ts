// The seamless wallet vendors call (balance, debit, credit, rollback: idempotent answers, money moved once),
// the brands' caps on promotion credits, and the operator's end of a round a vendor abandoned. Code outside
// seamless-wallet imports this file only (tests may also use seamless-wallet.fixtures.ts).
export { abandonedRoundsBackofficeRoutes } from './abandoned-rounds.bo-routes';
export { AbandonedRoundService, type ClosedRound } from './abandoned-rounds.service';
export { PromotionCapService, type PromotionDay } from './promotion-caps.service';
export { seamlessWalletRoutes } from './seamless-wallet.routes';
export { SeamlessWalletService } from './seamless-wallet.service';
