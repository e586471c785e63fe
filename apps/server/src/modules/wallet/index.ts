// Accounts, ledger, balance, adjustments. Code outside wallet imports this file only.
export { walletRoutes } from './wallet.routes';
export { WalletService, type LedgerLine, type MovementRequest, type WalletOwner } from './wallet.service';
export { memberTransactionsRoutes } from './member-transactions.routes';
export { MemberTransactionsService } from './member-transactions.service';
