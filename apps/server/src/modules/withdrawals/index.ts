// Withdrawals (decision 0041): bank accounts, requests held in the ledger, review and payout, the member's
// confirmation and its cases, a brand's settings. Code outside withdrawals imports this file only.
export { BankAccountService, type PaymentPasswordCheck } from './bank-accounts.service';
export { WithdrawalService, AUTO_RECEIPT_BATCH } from './withdrawals.service';
export {
  WithdrawalReviewService,
  payoutNoOf,
  type PayoutEvent,
  type PayoutGateway,
  type PayoutProvider,
} from './withdrawal-review.service';
export { WithdrawalSettingsService } from './withdrawal-settings.service';
export { withdrawalRoutes } from './withdrawals.routes';
export { withdrawalsBackofficeRoutes } from './withdrawals.bo-routes';
