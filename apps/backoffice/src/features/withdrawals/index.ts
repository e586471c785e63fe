// A brand's withdrawals in the back office (decision 0041): the review queue, payouts, cases and settings.
export { WithdrawalQueuePage } from './components/withdrawal-queue';
export { WithdrawalSettingsPage } from './components/withdrawal-settings';
