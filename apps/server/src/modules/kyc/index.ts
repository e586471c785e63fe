// Identity checks (KYC): the brand's setting, the member's documents, the back office's review, and the withdrawals'
// seam `requireVerifiedFor`. Code outside kyc imports this file only.
export { kycBackofficeRoutes } from './kyc.bo-routes';
export { kycRoutes } from './kyc.routes';
export { KycService, type KycOwner } from './kyc.service';
