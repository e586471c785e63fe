import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { POINT_EXCHANGE_STATUSES, POINT_PRODUCT_KINDS } from './states';

// The back office's points-mall pages (docs/decisions/0045-points-mall.md): a brand's products with their stock and
// pictures, and the exchange orders to process (approve, complete, reject with a reason).

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Reason = z.string().trim().min(2).max(500);
const IsoDate = z.string().datetime({ offset: true });

/** Product pictures: PNG or JPEG, checked by content and encoded again, at most this big. */
export const POINT_PRODUCT_IMAGE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  minWidth: 64,
  minHeight: 64,
  maxWidth: 2048,
  maxHeight: 2048,
} as const;

export const BoPointProductSchema = z.object({
  id: z.number().int(),
  kind: z.enum(POINT_PRODUCT_KINDS),
  nameKo: z.string(),
  nameEn: z.string().nullable(),
  imageUrl: z.string().nullable(),
  pointsMinor: z.number().int().describe('Points needed for one unit, in hundredths of a point.'),
  amountMinor: z.number().int().describe('Money needed for one unit besides the points (0: none).'),
  cashValueMinor: z.number().int().describe('A cash product: money one unit credits; 0 for goods.'),
  currency: z.string().describe("The brand's currency: the amounts are its minor units."),
  stock: z.number().int().describe('Units left.'),
  redeemedCount: z.number().int().describe('Units redeemed and not rejected.'),
  perMemberLimit: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean().describe('Off: not listed and not redeemable, whatever the dates.'),
  sortOrder: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BoPointProduct = z.infer<typeof BoPointProductSchema>;
export const BoPointProductResponseSchema = successEnvelope(BoPointProductSchema);
export const BoPointProductsQuerySchema = PageRequestSchema.extend({
  active: z.enum(['all', 'active', 'inactive']).default('all'),
});
export const BoPointProductPageSchema = pageSchema(BoPointProductSchema);
export const BoPointProductPageResponseSchema = successEnvelope(BoPointProductPageSchema);

const PointProductFieldsSchema = z.object({
  kind: z.enum(POINT_PRODUCT_KINDS),
  nameKo: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100).nullable().default(null),
  imageUrl: z
    .string()
    .regex(/^\/wps\/media\/[a-f0-9]{32}\.(png|jpg)$/, 'an uploaded picture')
    .nullable()
    .default(null)
    .describe('An address the picture upload answered; null: none.'),
  pointsMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amountMinor: Minor.default(0),
  cashValueMinor: Minor.default(0),
  stock: z.number().int().min(0).max(1_000_000),
  perMemberLimit: z.number().int().min(1).max(10_000).nullable().default(null),
  startsAt: IsoDate.nullable().default(null),
  endsAt: IsoDate.nullable().default(null),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});

function productRules<T extends z.ZodType<z.infer<typeof PointProductFieldsSchema>>>(schema: T) {
  return schema
    .refine((value) => value.kind !== 'cash' || value.cashValueMinor > 0, {
      path: ['cashValueMinor'],
      message: 'a cash product credits money',
    })
    .refine((value) => value.kind !== 'goods' || value.cashValueMinor === 0, {
      path: ['cashValueMinor'],
      message: 'goods credit no money',
    })
    .refine((value) => !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt), {
      path: ['endsAt'],
      message: 'after the start',
    });
}

export const CreatePointProductRequestSchema = productRules(PointProductFieldsSchema.strict());
export type CreatePointProductRequest = z.input<typeof CreatePointProductRequestSchema>;
export const UpdatePointProductRequestSchema = productRules(
  PointProductFieldsSchema.extend({ version: VersionSchema }).strict(),
);
export type UpdatePointProductRequest = z.input<typeof UpdatePointProductRequestSchema>;
export const BoPointProductParamsSchema = BrandParamsSchema.extend({ productId: Id });

export const BoPointExchangeSchema = z.object({
  id: z.number().int(),
  referenceNo: z.string(),
  memberId: z.number().int(),
  account: z.string().describe("The member's login."),
  productId: z.number().int(),
  productName: z.string().describe('The Korean name at the time of the redemption.'),
  kind: z.enum(POINT_PRODUCT_KINDS),
  quantity: z.number().int(),
  pointsMinor: z.number().int().describe('Points taken, all units.'),
  amountMinor: z.number().int().describe('Money taken, all units.'),
  cashValueMinor: z.number().int().describe('Money credited (a cash product), all units.'),
  currency: z.string(),
  status: z.enum(POINT_EXCHANGE_STATUSES),
  remark: z.string().nullable(),
  processedBy: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  version: z.number().int(),
});
export type BoPointExchange = z.infer<typeof BoPointExchangeSchema>;
export const BoPointExchangeResponseSchema = successEnvelope(BoPointExchangeSchema);
export const BO_POINT_EXCHANGE_QUEUES = ['open', 'done'] as const;
export const BoPointExchangesQuerySchema = PageRequestSchema.extend({
  queue: z
    .enum(BO_POINT_EXCHANGE_QUEUES)
    .default('open')
    .describe('open: applying and approved (oldest first); done: completed and rejected (newest first).'),
  account: z.string().trim().min(1).max(50).optional().describe("Only this member's (login)."),
});
export type BoPointExchangesQuery = z.infer<typeof BoPointExchangesQuerySchema>;
export const BoPointExchangePageSchema = pageSchema(BoPointExchangeSchema);
export const BoPointExchangePageResponseSchema = successEnvelope(BoPointExchangePageSchema);
export const BoPointExchangeParamsSchema = BrandParamsSchema.extend({ exchangeId: Id });

export const ProcessPointExchangeRequestSchema = z
  .object({ version: VersionSchema, remark: z.string().trim().min(1).max(500).optional() })
  .strict();
export type ProcessPointExchangeRequest = z.infer<typeof ProcessPointExchangeRequestSchema>;
export const RejectPointExchangeRequestSchema = z.object({ version: VersionSchema, reason: Reason }).strict();
export type RejectPointExchangeRequest = z.infer<typeof RejectPointExchangeRequestSchema>;
