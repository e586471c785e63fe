// A brand's points in the back office (decision 0044): rates and period, a member's ledger and adjustment.
export { PointLedgerPage } from './components/point-ledger';
export { PointSettingsPage } from './components/point-settings';
