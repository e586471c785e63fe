import { defineErrors } from './define';

/** Errors of raffles (docs/decisions/0055-raffles.md). A refusal pays and writes nothing. */
export const raffleErrors = defineErrors({
  /** No raffle of the member's brand by this id that members see (or of this brand in the back office). */
  RAFFLE_NOT_FOUND: {
    status: 404,
    ko: '래플을 찾을 수 없습니다.',
    en: 'Raffle not found.',
  },
  /** Joining before the raffle's sale starts. */
  RAFFLE_NOT_STARTED: {
    status: 409,
    ko: '아직 참여할 수 없는 래플입니다. 판매 시작 후에 참여해 주세요.',
    en: 'This raffle has not started yet. Join once its sale opens.',
  },
  /** Joining after the raffle's sale ended (or once drawn). */
  RAFFLE_CLOSED: {
    status: 409,
    ko: '참여 기간이 끝난 래플입니다.',
    en: 'This raffle is closed to new entrants.',
  },
  /** The draw of a raffle not drawn yet: its seed is still secret. */
  RAFFLE_NOT_DRAWN: {
    status: 409,
    ko: '아직 추첨하지 않은 래플입니다.',
    en: 'This raffle has not been drawn yet.',
  },
  /** Back office: the brand has a promotion with this code already. */
  RAFFLE_CODE_TAKEN: {
    status: 409,
    ko: '이미 사용 중인 프로모션 코드입니다.',
    en: 'This promotion code is already in use.',
  },
  /**
   * Back office: the raffle's fields do not fit together (`value.reason` names which): a sale end before its start, a
   * draw before the sale end, no rule earning a ticket.
   */
  RAFFLE_INVALID: {
    status: 422,
    ko: '래플 설정이 올바르지 않습니다. 기간, 추첨 시각과 티켓 규칙을 확인해 주세요.',
    en: 'The raffle settings do not fit together. Check its dates, draw time and ticket rules.',
  },
  /** Back office: the dates, rules or prizes after the sale started, or any change of a drawn or void raffle. */
  RAFFLE_LOCKED: {
    status: 409,
    ko: '판매가 시작된 래플의 기간, 규칙과 상금은 바꿀 수 없습니다.',
    en: "A raffle's dates, rules and prizes cannot change once its sale has started.",
  },
});
