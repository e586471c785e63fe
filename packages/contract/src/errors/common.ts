import { defineErrors } from './define';

/**
 * Errors any call can answer with. The product's texts (docs/product/constants.md#messages) are kept word
 * for word in EN.
 */
export const commonErrors = defineErrors({
  /** The request body, query or params do not match the call's schema; `value.issues` lists the fields. */
  VALIDATION_FAILED: { status: 400, ko: '입력값이 올바르지 않습니다.', en: 'The request is not valid.' },
  /** The body is not JSON or form data that can be read. */
  MALFORMED_REQUEST: { status: 400, ko: '요청 형식이 올바르지 않습니다.', en: 'The request could not be read.' },
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, ko: '요청 데이터가 너무 큽니다.', en: 'The request is too large.' },
  /** The content type of the body is not one this call accepts. */
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    ko: '지원하지 않는 요청 형식입니다.',
    en: 'This content type is not supported.',
  },
  /** No route has this method and path. */
  NOT_FOUND: { status: 404, ko: '요청한 항목을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  /** The call needs a session token and none (or an expired one) was sent. */
  NOT_LOGGED_IN: {
    status: 401,
    ko: '죄송합니다. 아직 로그인하지 않으셨습니다. 로그인해 주세요.',
    en: 'Sorry, you are not logged in yet, please log in.',
  },
  /** A trial (agent type 4) account tried a protected action. */
  NEED_TRUE_ACCOUNT: {
    status: 403,
    ko: '정식 계정으로만 이용할 수 있는 기능입니다.',
    en: 'This feature is only available to real accounts.',
  },
  /** The caller may not do this. */
  FORBIDDEN: { status: 403, ko: '권한이 없습니다.', en: 'You do not have permission to do this.' },
  /** Too many requests from this client; `value.retryAfterSeconds` says when to try again. */
  TOO_MANY_REQUESTS: {
    status: 429,
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests, please try again later.',
  },
  /** The host of the request is not a domain of any brand. */
  INVALID_HOST: {
    status: 400,
    ko: '잘못된 URL입니다. 고객센터에 문의해 주세요.',
    en: 'Invalid URL, please contact customer service',
  },
  /** The platform is in maintenance. */
  MAINTENANCE: { status: 503, ko: '시스템 점검 중입니다.', en: 'System Maintenance' },
  /** The visitor's location or IP is not allowed. */
  REGION_RESTRICTED: {
    status: 403,
    ko: '현재 위치 또는 IP에서는 접속할 수 없습니다.',
    en: 'Your location or IP is not allowed to access this site.',
  },
  /** Anything unexpected; details are only in the server log. */
  SYSTEM_ERROR: {
    status: 500,
    ko: '시스템 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'System error, please try again later.',
  },
  /** A dependency (database, cache) is not available. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    ko: '네트워크 연결이 비정상입니다. 다시 시도해 주세요.',
    en: 'Network link is abnormal, please try again',
  },
});
