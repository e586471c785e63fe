import { defineErrors } from './define';

/** Errors of the identity checks (docs/decisions/0043-upline-transfers-and-kyc.md). */
export const kycErrors = defineErrors({
  /** The brand does not ask for identity checks: nothing to upload. */
  KYC_NOT_ENABLED: {
    status: 409,
    ko: '이 사이트는 본인 인증을 사용하지 않습니다.',
    en: 'This site does not ask for identity checks.',
  },
  /** The identity is verified already: nothing more to send. */
  KYC_ALREADY_VERIFIED: {
    status: 409,
    ko: '이미 본인 인증이 완료되었습니다.',
    en: 'Your identity is already verified.',
  },
  /** The review holds the most documents it may (KYC_DOCUMENT_LIMITS.maxDocuments). */
  KYC_TOO_MANY_DOCUMENTS: {
    status: 409,
    ko: '서류는 최대 {max}개까지 올릴 수 있습니다.',
    en: 'You can upload at most {max} documents.',
  },
  /** Not a PNG, JPEG or PDF by its content (the name and the declared type are never believed). */
  KYC_DOCUMENT_INVALID: {
    status: 415,
    ko: 'PNG, JPEG 또는 PDF 파일만 올릴 수 있습니다.',
    en: 'Only PNG, JPEG or PDF files can be uploaded.',
  },
  /** Larger than KYC_DOCUMENT_LIMITS.maxBytes. */
  KYC_DOCUMENT_TOO_LARGE: {
    status: 413,
    ko: '파일이 너무 큽니다. 최대 {maxMb}MB까지 올릴 수 있습니다.',
    en: 'The file is too large. The limit is {maxMb} MB.',
  },
  /** No such member's identity check, or no such document, on this brand. */
  KYC_NOT_FOUND: {
    status: 404,
    ko: '본인 인증 요청을 찾을 수 없습니다.',
    en: 'No such identity check.',
  },
  /** Only a pending review can be approved or rejected. */
  KYC_NOT_PENDING: {
    status: 409,
    ko: '검토 대기 중인 요청이 아닙니다.',
    en: 'This identity check is not waiting for review.',
  },
  /** A withdrawal above the brand's threshold needs a verified identity (`value.thresholdMinor`). */
  KYC_VERIFICATION_REQUIRED: {
    status: 403,
    ko: '이 금액을 출금하려면 본인 인증이 필요합니다.',
    en: 'Withdrawing this amount needs a verified identity.',
  },
});
