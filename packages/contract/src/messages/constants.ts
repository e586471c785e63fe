// The mailbox's and the feedback form's fixed values (docs/product/member-centre.md#messages). Zod-free.

/** The system messages the platform writes from templates, each with the site and currency placeholders. */
export const SYSTEM_MESSAGE_KEYS = [
  'depositCredited',
  'withdrawalApproved',
  'withdrawalRejected',
  'depositFailed',
  'securityPasswordChanged',
  'securityPhoneChanged',
  'securityEmailChanged',
  'securityTotpEnabled',
  'securityTotpRemoved',
  'securityPaymentPasswordSet',
  'securityPaymentPasswordReset',
  'applicationIssued',
  'applicationRejected',
  'raffleWon',
] as const;
export type SystemMessageKey = (typeof SYSTEM_MESSAGE_KEYS)[number];

/** Who wrote a message: the platform from a template, an operator, or support answering feedback. */
export const MESSAGE_KINDS = ['system', 'operator', 'feedback'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Messages a mailbox page answers by default, and at most. */
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_MAX_PAGE_SIZE = 50;
/** Longest title and body an operator may write. */
export const MESSAGE_TITLE_MAX_LENGTH = 120;
export const MESSAGE_BODY_MAX_LENGTH = 4000;

/** Word-count bounds of feedback when the brand sets none (brand config `feedbackWords`). */
export const FEEDBACK_MIN_WORDS = 10;
export const FEEDBACK_MAX_WORDS = 500;
/** The characters a feedback may hold whatever its word count (a word of 10,000 letters is still refused). */
export const FEEDBACK_MAX_LENGTH = 10_000;

/** Words of a text as feedback counts them: runs of anything but white space. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}
