// A brand's deposits in the back office (decision 0039): the deposit queue and the payment methods.
export { DepositQueuePage } from './components/deposit-queue';
export { PaymentMethodsPage } from './components/payment-methods';
