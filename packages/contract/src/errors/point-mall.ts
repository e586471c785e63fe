import { defineErrors } from './define';

/**
 * Errors of the points mall (docs/decisions/0045-points-mall.md): redeeming, converting, and the operator's products
 * and exchanges. A refused call takes nothing and writes nothing. A wrong, unset or locked payment password is the
 * security module's PAYMENT_PASSWORD_* error, checked before anything else.
 */
export const pointMallErrors = defineErrors({
  /** No such product of the member's brand. */
  POINT_MALL_PRODUCT_NOT_FOUND: {
    status: 404,
    ko: '상품을 찾을 수 없습니다.',
    en: 'No such product.',
  },
  /** The product is switched off by the operator. */
  POINT_MALL_PRODUCT_INACTIVE: {
    status: 409,
    ko: '지금은 교환할 수 없는 상품입니다.',
    en: 'This product cannot be redeemed now.',
  },
  /** Before the product's start (`value.startsAt`). */
  POINT_MALL_PRODUCT_NOT_STARTED: {
    status: 409,
    ko: '아직 교환 기간이 아닙니다.',
    en: 'This product is not on offer yet.',
  },
  /** After the product's end (`value.endsAt`). */
  POINT_MALL_PRODUCT_ENDED: {
    status: 409,
    ko: '교환 기간이 끝난 상품입니다.',
    en: 'This product is no longer on offer.',
  },
  /** Fewer units left than asked (`value.left`). */
  POINT_MALL_OUT_OF_STOCK: {
    status: 409,
    ko: '재고가 부족합니다. 남은 수량: {left}',
    en: 'Not enough in stock. Units left: {left}',
  },
  /** Past the units one member may redeem (`value.limit`, `value.left`: what the member may still redeem). */
  POINT_MALL_LIMIT_REACHED: {
    status: 409,
    ko: '1인당 교환 한도({limit}개)를 넘습니다.',
    en: 'This is over the limit of {limit} per member.',
  },
  /** Fewer points than needed (`value.neededPointsMinor`, `value.balancePointsMinor`). */
  POINT_MALL_POINTS_SHORT: {
    status: 409,
    ko: '포인트가 부족합니다.',
    en: 'You do not have enough points.',
  },
  /** The product also costs money and the wallet holds less (`value.neededMinor`). */
  POINT_MALL_BALANCE_SHORT: {
    status: 409,
    ko: '잔액이 부족합니다.',
    en: 'Your balance is not enough.',
  },
  /** The brand converts no points to money (no rate set). */
  POINT_MALL_CONVERT_DISABLED: {
    status: 409,
    ko: '포인트 전환을 이용할 수 없습니다.',
    en: 'Converting points is not available.',
  },
  /** Below the brand's minimum conversion, or too few points to give any money (`value.minPointsMinor`). */
  POINT_MALL_CONVERT_BELOW_MIN: {
    status: 400,
    ko: '최소 {min} 포인트부터 전환할 수 있습니다.',
    en: 'You can convert at least {min} points.',
  },
  /** A request key already used for a different request. */
  POINT_MALL_REQUEST_REUSED: {
    status: 409,
    ko: '이미 처리된 다른 요청입니다. 다시 시도해 주세요.',
    en: 'This request was already used for another one. Please try again.',
  },
  /** No such exchange of the brand. */
  POINT_MALL_EXCHANGE_NOT_FOUND: {
    status: 404,
    ko: '교환 신청을 찾을 수 없습니다.',
    en: 'No such exchange.',
  },
  /** The exchange's status does not allow this step (`value.status`). */
  POINT_MALL_EXCHANGE_STATE: {
    status: 409,
    ko: '현재 상태에서는 처리할 수 없는 교환 신청입니다.',
    en: 'This exchange cannot be processed in its current status.',
  },
});
