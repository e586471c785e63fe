import { defineErrors } from './define';

/** Errors of the promotions hub (docs/decisions/0058-promotions-hub-and-reward-centre.md). */
export const promotionErrors = defineErrors({
  /** The code names no switched-on promotion of the brand (another brand's is not found either). */
  PROMOTION_NOT_FOUND: {
    status: 404,
    ko: '이벤트를 찾을 수 없습니다.',
    en: 'This promotion was not found.',
  },
});
