import { defineErrors } from './define';

/** Errors of VIP ranks (docs/decisions/0046-vip-ranks.md). A refusal writes nothing. */
export const vipErrors = defineErrors({
  /** The operator named a rank level the brand has not defined. */
  VIP_LEVEL_NOT_FOUND: {
    status: 404,
    ko: 'VIP 등급을 찾을 수 없습니다.',
    en: 'The VIP level was not found.',
  },
  /** The brand already has a level of this rank. */
  VIP_LEVEL_EXISTS: {
    status: 409,
    ko: '같은 순위의 VIP 등급이 이미 있습니다.',
    en: 'A VIP level of this rank already exists.',
  },
  /** Level 0 is every member's first level: it asks nothing to reach or keep. */
  VIP_BASE_LEVEL_REQUIREMENTS: {
    status: 422,
    ko: '0 등급은 달성 및 유지 조건을 가질 수 없습니다.',
    en: 'Level 0 cannot ask anything to reach or keep it.',
  },
  /** Levels must rise: a level asks at least what the level below asks, and at most what the level above asks. */
  VIP_LEVEL_ORDER: {
    status: 422,
    ko: '상위 등급의 조건은 하위 등급의 조건보다 낮을 수 없습니다.',
    en: 'A higher level cannot ask less than the level below it.',
  },
  /** The first level a brand defines is level 0; a higher one needs the levels below it. */
  VIP_LEVEL_GAP: {
    status: 422,
    ko: '이전 순위의 등급을 먼저 만들어 주세요.',
    en: 'Create the level below this rank first.',
  },
});
