// Accounts, ledger, balance, adjustments. Code outside wallet imports this file only.
export { walletRoutes } from './wallet.routes';
export {
  WalletService,
  isIdempotencyKeyTaken,
  type BrandAccountType,
  type BrandMovementRequest,
  type LedgerLine,
  type MovementKind,
  type MovementRequest,
  type PostedMovement,
  type WalletOwner,
} from './wallet.service';
export type { MemberTransferInput } from './wallet.repository';
export { memberTransactionsRoutes } from './member-transactions.routes';
export { MemberTransactionsService, MOVEMENT_KINDS_OF_TYPE } from './member-transactions.service';
