// Identity checks (KYC, decision 0043), exported together as KYC_CALLS: the member's own calls and the back
// office's review and settings (brand-scoped, under BACKOFFICE_PATH_PREFIX). Zod-free.
import type { ApiCall } from '../call';

/** Whether the brand asks for identity checks, the member's state and documents. */
export const kycStatus = { method: 'GET', path: '/wps/member/kyc' } as const satisfies ApiCall;
/** One identity document: the body is the PNG, JPEG or PDF itself, checked by its bytes. */
export const uploadKycDocument = { method: 'POST', path: '/wps/member/kyc/documents' } as const satisfies ApiCall;

/** Back office: members whose identity waits for review (or of another state), oldest submission first. */
export const kycReviews = { method: 'GET', path: '/bo/api/brands/:brand/kyc/reviews' } as const satisfies ApiCall;
/** Back office: one member's identity check with its documents. */
export const kycReview = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId',
} as const satisfies ApiCall;
/** Back office: a document's bytes, as the member uploaded them (checked by content). */
export const kycDocument = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/documents/:documentId',
} as const satisfies ApiCall;
/** Back office: the member's identity is verified (audited). */
export const approveKyc = {
  method: 'POST',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId/approve',
} as const satisfies ApiCall;
/** Back office: the documents are rejected with a reason the member reads (audited). */
export const rejectKyc = {
  method: 'POST',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId/reject',
} as const satisfies ApiCall;
/** Back office: the brand's identity-check setting and its upline-transfer limits. */
export const cashierSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/settings',
} as const satisfies ApiCall;
export const saveCashierSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/kyc/settings',
} as const satisfies ApiCall;
