import { z } from 'zod';
import { successEnvelope } from '../envelope';
import {
  POINT_EXCHANGE_STATUSES,
  POINT_MALL_MAX_QUANTITY,
  POINT_PRODUCT_KINDS,
  POINT_PRODUCT_UNAVAILABLE,
  POINT_RECORD_TYPES,
} from './states';

// The points mall (docs/decisions/0045-points-mall.md, docs/product/member-centre.md#points-and-the-points-mall):
// products the operator defines, bought with points (and, for some, money too); exchanges the operator processes;
// conversion of points to money at the brand's rate. Points are integers in hundredths of a point (`...PointsMinor`),
// money integers in the currency's minor unit (`...Minor`).

const PointsMinor = z.number().int().describe('Points in hundredths of a point (100 = 1 point).');
const Minor = z.number().int().describe('Integer amount in the currency minor unit.');
const PositivePointsMinor = z
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .describe('Points in hundredths of a point, above 0.');
const RequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
  .describe("The member's key for this request: a repeat answers the first and takes nothing more.");
const PaymentPassword = z.string().min(1).max(50).describe("The member's payment password (6 digits).");

export const PointProductSchema = z.object({
  id: z.number().int(),
  kind: z.enum(POINT_PRODUCT_KINDS),
  name: z.string().describe('In the request language (the Korean name when no English one is set).'),
  imageUrl: z.string().nullable().describe('Where the site loads the picture (/wps/media/...); null: none.'),
  pointsMinor: PointsMinor.describe('Points needed for one unit.'),
  amountMinor: Minor.describe('Money needed for one unit besides the points (0: none), from the wallet.'),
  cashValueMinor: Minor.describe('A cash product: the money one unit credits to the wallet; 0 for goods.'),
  stockLeft: z.number().int().min(0).describe('Units left.'),
  perMemberLimit: z.number().int().nullable().describe('Units one member may redeem in all; null: no limit.'),
  redeemedByMe: z.number().int().min(0).describe('Units the member has redeemed (rejected exchanges not counted).'),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  unavailableReason: z.enum(POINT_PRODUCT_UNAVAILABLE).nullable(),
});
export type PointProduct = z.infer<typeof PointProductSchema>;

/** GET /wps/relay/MCS2_getPointReward: the active products not yet ended (an upcoming one says notStarted). */
export const PointProductsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  balancePointsMinor: PointsMinor.describe("The member's points now."),
  items: z.array(PointProductSchema),
});
export type PointProducts = z.infer<typeof PointProductsSchema>;
export const PointProductsResponseSchema = successEnvelope(PointProductsSchema);

export const RedeemPointProductRequestSchema = z
  .object({
    productId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    quantity: z.number().int().min(1).max(POINT_MALL_MAX_QUANTITY).default(1),
    paymentPassword: PaymentPassword,
    requestId: RequestId,
  })
  .strict();
export type RedeemPointProductRequest = z.input<typeof RedeemPointProductRequestSchema>;

/**
 * One line of the exchange records or the redeem history, with the specified fields. In the exchange records a line
 * is an exchange or a conversion (its status now); in the redeem history a line is one point movement (a redemption,
 * its refund, a conversion) with the balance after it.
 */
export const PointRecordSchema = z.object({
  referenceNo: z.string().describe('The transaction reference number (PX… an exchange, PC… a conversion).'),
  appliedAt: z.string().describe('Application time (ISO).'),
  type: z.enum(POINT_RECORD_TYPES),
  productName: z.string().nullable().describe('In the request language; null for a conversion.'),
  quantity: z.number().int().nullable().describe('Null for a conversion.'),
  pointsMinor: PointsMinor.describe('Points needed (redemption: all units; conversion: the points converted).'),
  amountMinor: Minor.describe('Amount needed (the money part of a redemption); a conversion: the money it gave.'),
  status: z.enum(POINT_EXCHANGE_STATUSES).describe('A conversion and a refund are `completed`.'),
  pointsChangedMinor: PointsMinor.describe('Signed: taken (−) or given back (+).'),
  pointsBalanceMinor: PointsMinor.describe('The points balance right after that movement.'),
  remark: z.string().nullable().describe("The operator's reason of a rejection, or a note."),
});
export type PointRecord = z.infer<typeof PointRecordSchema>;

export const POINT_RECORD_VIEWS = ['exchanges', 'history'] as const;
export const PointRecordsQuerySchema = z.object({
  view: z
    .enum(POINT_RECORD_VIEWS)
    .default('exchanges')
    .describe('exchanges: one line per redemption or conversion; history: one line per point movement.'),
  status: z.enum(POINT_EXCHANGE_STATUSES).optional().describe('Only lines of this status.'),
  from: z.string().datetime({ offset: true }).optional().describe('Applied at or after (ISO).'),
  to: z.string().datetime({ offset: true }).optional().describe('Applied before (ISO).'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type PointRecordsQuery = z.input<typeof PointRecordsQuerySchema>;
export const PointRecordPageSchema = z.object({
  items: z.array(PointRecordSchema),
  nextCursor: z.string().nullable(),
});
export type PointRecordPage = z.infer<typeof PointRecordPageSchema>;
export const PointRecordPageResponseSchema = successEnvelope(PointRecordPageSchema);

/** What a redemption answers: its exchange line, and the balances after it. */
export const RedeemResultSchema = z.object({
  record: PointRecordSchema,
  balancePointsMinor: PointsMinor,
  balanceMinor: Minor.describe("The member's money balance after it."),
});
export type RedeemResult = z.infer<typeof RedeemResultSchema>;
export const RedeemResultResponseSchema = successEnvelope(RedeemResultSchema);

export const ConvertPointsRequestSchema = z
  .object({
    pointsMinor: PositivePointsMinor.describe('Points to convert, in hundredths of a point.'),
    paymentPassword: PaymentPassword,
    requestId: RequestId,
  })
  .strict();
export type ConvertPointsRequest = z.infer<typeof ConvertPointsRequestSchema>;

/** What a conversion answers: its line, the money it gave, and the balances after it. */
export const ConvertResultSchema = z.object({
  record: PointRecordSchema,
  amountMinor: Minor.describe('Money credited: floor(pointsMinor × rate / 100), rate in money minor per point.'),
  balancePointsMinor: PointsMinor,
  balanceMinor: Minor,
});
export type ConvertResult = z.infer<typeof ConvertResultSchema>;
export const ConvertResultResponseSchema = successEnvelope(ConvertResultSchema);

export * from './states';
export * from './backoffice';
