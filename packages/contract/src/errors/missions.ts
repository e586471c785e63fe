import { defineErrors } from './define';

/** Errors of missions (docs/decisions/0054-missions.md). A refusal pays and writes nothing. */
export const missionErrors = defineErrors({
  /** No active mission of the member's brand by this id (or of this brand in the back office). */
  MISSION_NOT_FOUND: {
    status: 404,
    ko: '미션을 찾을 수 없습니다.',
    en: 'Mission not found.',
  },
  /** The mission's target is not reached in its current period (or it has not started, or has ended). */
  MISSION_NOT_COMPLETE: {
    status: 409,
    ko: '아직 미션을 완료하지 않았습니다.',
    en: 'This mission is not complete yet.',
  },
  /** This period's reward of the mission was paid already. */
  MISSION_ALREADY_CLAIMED: {
    status: 409,
    ko: '이미 보상을 받은 미션입니다.',
    en: 'You have already claimed this mission.',
  },
  /** Back office: the brand has a mission with this code already. */
  MISSION_CODE_TAKEN: {
    status: 409,
    ko: '이미 사용 중인 미션 코드입니다.',
    en: 'This mission code is already in use.',
  },
  /**
   * Back office: the mission's fields do not fit together (`value.reason` names which): a campaign with no start, an
   * end before the start, a game type on a deposit or sign-in mission, a sign-in target over 366 days.
   */
  MISSION_INVALID: {
    status: 422,
    ko: '미션 설정이 올바르지 않습니다. 기간, 게임 유형과 목표를 확인해 주세요.',
    en: 'The mission settings do not fit together. Check its dates, game type and target.',
  },
});
