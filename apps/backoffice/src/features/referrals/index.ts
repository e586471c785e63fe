// The back office's referral rewards and abuse flags (decision 0057): the brand's referral rules, and the queue of
// payouts held because their members share an IP, bank account or phone, each released or rejected with a reason.
export { ReferralSettingsPage } from './components/referral-settings-page';
export { AbuseFlagsPage } from './components/abuse-flags-page';
