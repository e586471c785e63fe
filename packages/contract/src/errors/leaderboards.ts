import { defineErrors } from './define';

/** Errors of leaderboards (docs/decisions/0056-leaderboards.md). A refusal writes nothing. */
export const leaderboardErrors = defineErrors({
  /** Back office: no board of this brand by this id. */
  LEADERBOARD_NOT_FOUND: {
    status: 404,
    ko: '리더보드를 찾을 수 없습니다.',
    en: 'Leaderboard not found.',
  },
  /** Back office: the brand has a board with this code already. */
  LEADERBOARD_CODE_TAKEN: {
    status: 409,
    ko: '이미 사용 중인 리더보드 코드입니다.',
    en: 'This leaderboard code is already in use.',
  },
  /**
   * Back office: the board's fields do not fit together (`value.reason` names which): a campaign without its start
   * and end, an end before the start, a minimum bet on a valid-bet board.
   */
  LEADERBOARD_INVALID: {
    status: 422,
    ko: '리더보드 설정이 올바르지 않습니다. 기간과 최소 베팅을 확인해 주세요.',
    en: 'The leaderboard settings do not fit together. Check its dates and minimum bet.',
  },
});
