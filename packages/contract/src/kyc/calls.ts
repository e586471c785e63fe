// Identity checks (KYC, decision 0043), exported together as KYC_CALLS: the member's own calls (the back office's
// review and settings are in BACKOFFICE_CALLS). Zod-free.
import type { ApiCall } from '../call';

/** Whether the brand asks for identity checks, the member's state and documents. */
export const kycStatus = { method: 'GET', path: '/wps/member/kyc' } as const satisfies ApiCall;
/** One identity document: the body is the PNG, JPEG or PDF itself, checked by its bytes. */
export const uploadKycDocument = { method: 'POST', path: '/wps/member/kyc/documents' } as const satisfies ApiCall;
