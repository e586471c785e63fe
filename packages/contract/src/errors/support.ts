import { defineErrors } from './define';

/** Errors of the support chat: the member's or visitor's panel and the back office's inbox. */
export const supportErrors = defineErrors({
  /** The caller has no such conversation (never another's), or a visitor's token is not one this brand signed. */
  SUPPORT_CONVERSATION_NOT_FOUND: {
    status: 404,
    ko: '상담을 찾을 수 없습니다. 새 상담을 시작해 주세요.',
    en: 'The conversation was not found. Please start a new one.',
  },
  /** The conversation was closed: the customer starts a new one. */
  SUPPORT_CONVERSATION_CLOSED: {
    status: 409,
    ko: '종료된 상담입니다. 새 상담을 시작해 주세요.',
    en: 'This conversation has been closed. Please start a new one.',
  },
  /** A message of nothing but white space. */
  SUPPORT_MESSAGE_EMPTY: { status: 400, ko: '메시지를 입력해 주세요.', en: 'Please type a message.' },
  /** The attachment is not a PNG, JPEG or WebP picture by its content. */
  SUPPORT_IMAGE_INVALID: {
    status: 415,
    ko: 'PNG, JPEG, WebP 이미지만 첨부할 수 있습니다.',
    en: 'Only PNG, JPEG or WebP pictures can be attached.',
  },
  /** The attachment is larger than SUPPORT_IMAGE_LIMITS.maxBytes (`value.maxBytes`). */
  SUPPORT_IMAGE_TOO_LARGE: {
    status: 413,
    ko: '이미지는 {maxMb}MB 이하만 첨부할 수 있습니다.',
    en: 'Pictures can be at most {maxMb} MB.',
  },
  /** No such picture in the caller's conversation. */
  SUPPORT_IMAGE_NOT_FOUND: { status: 404, ko: '이미지를 찾을 수 없습니다.', en: 'The picture was not found.' },
  /** More messages than SUPPORT_SEND_LIMIT in its window (`value.retryAfterSeconds`). */
  SUPPORT_RATE_LIMITED: {
    status: 429,
    ko: '메시지를 너무 빨리 보내고 있습니다. {seconds}초 후에 다시 보내 주세요.',
    en: 'You are sending messages too quickly. Please try again in {seconds} seconds.',
  },
  /** The conversation is not the brand's. */
  BO_SUPPORT_CONVERSATION_NOT_FOUND: {
    status: 404,
    ko: '상담을 찾을 수 없습니다.',
    en: 'The conversation was not found.',
  },
  /** A reply or an assignment to a closed conversation. */
  BO_SUPPORT_CONVERSATION_CLOSED: { status: 409, ko: '종료된 상담입니다.', en: 'This conversation is closed.' },
  /** The assignee is not an active operator of the brand. */
  BO_SUPPORT_ASSIGNEE_INVALID: {
    status: 400,
    ko: '이 브랜드의 운영자에게만 배정할 수 있습니다.',
    en: 'A conversation can only be assigned to an operator of this brand.',
  },
});
