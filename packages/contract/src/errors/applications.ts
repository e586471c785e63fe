import { defineErrors } from './define';

/**
 * Errors of application promotions (docs/decisions/0052-application-promotions.md). A refusal writes nothing. An
 * image that is not a PNG or JPEG by its bytes, too large or of a size out of bounds gets the images' own codes
 * (IMAGE_INVALID, IMAGE_TOO_LARGE, IMAGE_DIMENSIONS).
 */
export const applicationErrors = defineErrors({
  /** The form is not a multipart form of promotionCode, comment and images. */
  APPLICATION_FORM_INVALID: {
    status: 400,
    ko: '신청서를 읽을 수 없습니다. 다시 시도해 주세요.',
    en: 'The application form could not be read. Please try again.',
  },
  /** No comment. */
  APPLICATION_COMMENT_REQUIRED: {
    status: 422,
    ko: '내용을 입력해 주세요.',
    en: 'Please write a comment.',
  },
  /** The comment is longer than APPLICATION_LIMITS.commentMaxLength characters: `value.max`. */
  APPLICATION_COMMENT_TOO_LONG: {
    status: 422,
    ko: '내용은 {max}자 이하로 입력해 주세요.',
    en: 'The comment may be {max} characters at most.',
  },
  /** More than APPLICATION_LIMITS.maxImages images: `value.max`. */
  APPLICATION_TOO_MANY_IMAGES: {
    status: 422,
    ko: '이미지는 최대 {max}장까지 올릴 수 있습니다.',
    en: 'You can attach at most {max} images.',
  },
  /** The code names no application promotion of the brand. */
  APPLICATION_PROMOTION_NOT_FOUND: {
    status: 404,
    ko: '신청할 수 있는 이벤트를 찾을 수 없습니다.',
    en: 'This promotion was not found.',
  },
  /** The promotion is not open (not started, ended or switched off). */
  APPLICATION_PROMOTION_CLOSED: {
    status: 409,
    ko: '지금은 신청할 수 없는 이벤트입니다.',
    en: 'This promotion is not open for applications now.',
  },
  /** The member's application to this promotion waits for a decision. */
  APPLICATION_PENDING: {
    status: 409,
    ko: '이미 신청하셨습니다. 심사 결과를 기다려 주세요.',
    en: 'You have already applied. Please wait for the result.',
  },
  /** The member's application to this promotion was approved: its reward is paid once. */
  APPLICATION_ALREADY_ISSUED: {
    status: 409,
    ko: '이미 보상을 받은 이벤트입니다.',
    en: 'You have already received this reward.',
  },
  /** No such application (or image) of this member, or of this brand in the back office. */
  APPLICATION_NOT_FOUND: {
    status: 404,
    ko: '신청 내역을 찾을 수 없습니다.',
    en: 'Application not found.',
  },
  /** Back office: the application was decided already (`value.status`). */
  APPLICATION_NOT_PENDING: {
    status: 409,
    ko: '이미 처리된 신청입니다.',
    en: 'This application was already decided.',
  },
});
