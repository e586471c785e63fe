import { defineErrors } from './define';

/** Errors of brand and content administration (the back office and the admin CLI) and of the operators' endpoints. */
export const systemErrors = defineErrors({
  /** No brand has this merchant code. */
  MERCHANT_NOT_FOUND: { status: 404, ko: '해당 브랜드를 찾을 수 없습니다.', en: 'No brand has this merchant code.' },
  /** The whitelabel tree has no module with this id and it is not a known module. */
  WHITELABEL_MODULE_UNKNOWN: {
    status: 404,
    ko: '알 수 없는 기능 모듈입니다: {modId}',
    en: 'Unknown feature module: {modId}',
  },
  /** A region rule is neither a two-letter country code nor an IP address or CIDR range. */
  REGION_RULE_INVALID: {
    status: 422,
    ko: '국가 코드(예: KR) 또는 IP 주소/CIDR 범위(예: 1.2.3.0/24)를 입력해 주세요: {rule}',
    en: 'Give a country code (e.g. KR) or an IP address or CIDR range (e.g. 1.2.3.0/24): {rule}',
  },
  /** A maintenance end time that is not an ISO date-time. */
  MAINTENANCE_END_INVALID: {
    status: 422,
    ko: '점검 종료 시각은 ISO 형식이어야 합니다(예: 2030-01-01T03:00:00Z).',
    en: 'The maintenance end must be an ISO date-time (e.g. 2030-01-01T03:00:00Z).',
  },
  /** A brand's site address that is not an origin: https (http only for localhost), no path, query or user. */
  SITE_URL_INVALID: {
    status: 422,
    ko: '사이트 주소는 경로 없는 https 주소여야 합니다(예: https://brand.example, 로컬은 http://localhost:8080): {url}',
    en: 'A site address is an https origin with no path (e.g. https://brand.example; http only for localhost): {url}',
  },
  /**
   * The brand's currency (or its exponent) cannot change while members hold a balance: their balances are in
   * the old one. `value.members` says how many.
   */
  BRAND_CURRENCY_HAS_BALANCES: {
    status: 409,
    ko: '회원 {members}명이 잔액을 보유하고 있어 통화를 바꿀 수 없습니다. 통화 기호는 바꿀 수 있습니다.',
    en: '{members} members hold a balance, so the currency cannot change. The symbol can.',
  },
  /** A scheduled maintenance whose start is not in the future, or whose end is not after its start. */
  MAINTENANCE_SCHEDULE_INVALID: {
    status: 422,
    ko: '예약 점검은 시작 시각이 미래여야 하고, 종료 시각은 시작 이후여야 합니다.',
    en: 'A scheduled maintenance starts in the future and ends after it starts.',
  },
  /** A domain another brand already has; `value.domain` names it. */
  BRAND_DOMAIN_TAKEN: {
    status: 409,
    ko: '다른 브랜드가 이미 사용하는 도메인입니다: {domain}',
    en: 'Another brand already has this domain: {domain}',
  },
  /**
   * The brand's two colours leave no text colour readable on both (4.5:1 for black or for white text on each), so
   * its buttons and badges would be unreadable.
   */
  BRAND_THEME_LOW_CONTRAST: {
    status: 422,
    ko: '두 색 모두에서 읽을 수 있는 글자색이 없습니다. 더 밝거나 더 어두운 색을 함께 골라 주세요.',
    en: 'No text colour is readable on both colours. Pick two that are both light or both dark.',
  },
  /** An upload that is not a PNG or JPEG image that decodes whole (checked by its bytes, never its name or type). */
  IMAGE_INVALID: {
    status: 422,
    ko: 'PNG 또는 JPEG 이미지만 올릴 수 있습니다.',
    en: 'Only a PNG or JPEG image can be uploaded.',
  },
  /** An upload over the size limit; `value.maxKb`. */
  IMAGE_TOO_LARGE: {
    status: 413,
    ko: '이미지가 너무 큽니다. {maxKb}KB 이하로 올려 주세요.',
    en: 'The image is too large: {maxKb} KB at most.',
  },
  /** An image smaller or larger than its use allows, in pixels; `value` gives the limits. */
  IMAGE_DIMENSIONS: {
    status: 422,
    ko: '이미지 크기는 {minWidth}×{minHeight}에서 {maxWidth}×{maxHeight} 픽셀 사이여야 합니다.',
    en: 'The image must be between {minWidth}×{minHeight} and {maxWidth}×{maxHeight} pixels.',
  },
  /** No uploaded image has this name. */
  MEDIA_NOT_FOUND: { status: 404, ko: '이미지를 찾을 수 없습니다.', en: 'Image not found.' },
  /** No announcement or help item with this id in this brand. */
  CONTENT_NOT_FOUND: { status: 404, ko: '콘텐츠를 찾을 수 없습니다.', en: 'Content not found.' },
  /**
   * `/metrics` needs a token (METRICS_TOKEN; in production always, none answering while it is unset) and the
   * scrape sent no `Authorization: Bearer` that matches.
   */
  METRICS_TOKEN_REQUIRED: {
    status: 401,
    ko: '지표를 읽으려면 올바른 토큰이 필요합니다.',
    en: 'Reading the metrics needs a valid token.',
  },
});
