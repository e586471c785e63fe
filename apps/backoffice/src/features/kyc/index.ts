// Identity checks in the back office (decision 0043): the review queue and the brand's KYC and upline-transfer settings.
export { CashierSettingsPage } from './components/cashier-settings';
export { KycQueuePage } from './components/kyc-queue';
