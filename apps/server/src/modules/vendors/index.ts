// The vendor registry: who a vendor is, its wallet secret sealed at rest, the checks of what it signs (catalogue
// feeds, wallet calls), and the game launch sessions. Code outside vendors imports this file only.
export { LaunchSessionService, TRIAL_PREFIX, type LaunchSessionInput } from './launch-sessions.service';
export { SecretBox } from './secret-box';
export { hashToken, signBody, signWalletCall } from './signatures';
export { VendorService, type VendorEntry, type VendorRow } from './vendors.service';
