// The member's points-mall calls (docs/product/calls.md#points, docs/decisions/0045-points-mall.md), exported
// together as POINT_MALL_CALLS. Zod-free. The paths are the specification's; redeeming and converting ask for the
// payment password again (the `passwordCheck/` prefix).
import type { ApiCall } from '../call';

/** The products on offer now, with what the member may still redeem of each. */
export const products = { method: 'GET', path: '/wps/relay/MCS2_getPointReward' } as const satisfies ApiCall;
/** Redeems a product with the payment password: points, stock and any money part taken in one transaction. */
export const redeem = {
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
} as const satisfies ApiCall;
/** The member's exchange records (one per redemption) or redeem history (one per point movement), newest first. */
export const records = { method: 'GET', path: '/wps/relay/MCS2_getRedeemPointList' } as const satisfies ApiCall;
/** Converts points to money at the brand's rate, with the payment password. */
export const convert = {
  method: 'POST',
  path: '/wps/relay/passwordCheck/MCS2_convertPoint',
} as const satisfies ApiCall;
