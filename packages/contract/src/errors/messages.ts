import { defineErrors } from './define';

/** Errors of the member's mailbox, the feedback form and the back office's messages and feedback pages. */
export const messagesErrors = defineErrors({
  /** The message is not in this member's mailbox (never another member's, nor one already removed). */
  MESSAGE_NOT_FOUND: { status: 404, ko: '메시지를 찾을 수 없습니다.', en: 'The message was not found.' },
  /** Feedback with nothing but white space. */
  FEEDBACK_EMPTY: { status: 400, ko: '내용을 입력해 주세요.', en: 'Please enter content.' },
  /** Fewer words than the brand's lower bound (`value.min`). */
  FEEDBACK_TOO_SHORT: {
    status: 400,
    ko: '내용은 {min}단어 이상 입력해 주세요.',
    en: 'Please write at least {min} words.',
  },
  /** More words than the brand's upper bound (`value.max`). */
  FEEDBACK_TOO_LONG: {
    status: 400,
    ko: '내용은 {max}단어 이하로 입력해 주세요.',
    en: 'Please write at most {max} words.',
  },
  /** The member to write to is not a member of this brand. */
  BO_MESSAGE_RECIPIENT_NOT_FOUND: {
    status: 404,
    ko: '이 브랜드에서 받는 회원을 찾을 수 없습니다.',
    en: 'No such member on this brand to write to.',
  },
  /** The feedback is not the brand's. */
  BO_FEEDBACK_NOT_FOUND: { status: 404, ko: '의견을 찾을 수 없습니다.', en: 'The feedback was not found.' },
  /** Another operator answered the feedback since it was opened: one answer each. */
  BO_FEEDBACK_ALREADY_ANSWERED: {
    status: 409,
    ko: '이미 답변된 의견입니다.',
    en: 'This feedback has already been answered.',
  },
});
