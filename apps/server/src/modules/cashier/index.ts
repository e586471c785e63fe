// The cashier: payment providers, the brands' deposit methods, deposit orders and the providers' callbacks
// (decision 0039). Code outside cashier imports this file only.
export {
  CashierService,
  type DepositEvent,
  type PayoutEvent,
  type PayoutListener,
  type ProviderRegistration,
} from './cashier.service';
export { DepositService, type DepositGuard } from './deposits.service';
export type { DepositInstructions, PaymentProvider, ProviderEvent, ProviderFactory } from './providers/index';
export { cashierRoutes } from './cashier.routes';
export { cashierBackofficeRoutes } from './cashier.bo-routes';
