import { defineErrors } from './define';

/** Errors of brand administration (admin CLI today, back office later) and of the operators' endpoints. */
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
   * `/metrics` needs a token (METRICS_TOKEN; in production always, none answering while it is unset) and the
   * scrape sent no `Authorization: Bearer` that matches.
   */
  METRICS_TOKEN_REQUIRED: {
    status: 401,
    ko: '지표를 읽으려면 올바른 토큰이 필요합니다.',
    en: 'Reading the metrics needs a valid token.',
  },
});
