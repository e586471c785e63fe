// The points mall's fixed lists (docs/decisions/0045-points-mall.md), apart so the member and back-office schemas
// share them without importing each other.

/** The most of one product a single redemption asks for. */
export const POINT_MALL_MAX_QUANTITY = 99;

/**
 * goods: delivered by the operator (the exchange waits in `applying` for them); cash: money credited to the
 * member's wallet at once (`cashValueMinor` a unit), the exchange `completed` at once.
 */
export const POINT_PRODUCT_KINDS = ['goods', 'cash'] as const;
export type PointProductKind = (typeof POINT_PRODUCT_KINDS)[number];

/**
 * An exchange: `applying` (in process) → `approved` (passed) → `completed` (exchange completed); `applying` or
 * `approved` → `rejected` (points and money given back). A cash product's exchange is `completed` at once.
 */
export const POINT_EXCHANGE_STATUSES = ['applying', 'approved', 'completed', 'rejected'] as const;
export type PointExchangeStatus = (typeof POINT_EXCHANGE_STATUSES)[number];

/** Why a product cannot be redeemed now; null in `unavailableReason` when it can. */
export const POINT_PRODUCT_UNAVAILABLE = ['outOfStock', 'notStarted', 'ended', 'limitReached'] as const;
export type PointProductUnavailable = (typeof POINT_PRODUCT_UNAVAILABLE)[number];

export const POINT_RECORD_TYPES = ['redeem', 'redeemRefund', 'convert'] as const;
export type PointRecordType = (typeof POINT_RECORD_TYPES)[number];
