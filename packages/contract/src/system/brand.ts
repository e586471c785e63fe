import { z } from 'zod';
import { LanguageSchema } from '../i18n';
import { ANNOUNCEMENT_TYPES, PRIZE_MODES, RESOURCE_TYPES } from './constants';

export {
  ANNOUNCEMENT_TYPES,
  NOTICE_ANNOUNCEMENT_TYPES,
  PRIZE_MODES,
  RESOURCE_TYPES,
  type AnnouncementType,
  type PrizeMode,
} from './constants';

export const AnnouncementTypeSchema = z.enum(ANNOUNCEMENT_TYPES);

/** Brand configuration values (docs/product/site-shell-and-routes.md#brand-configuration). */
export const BrandConfigSchema = z.object({
  platform: z.literal('web'),
  merchantCode: z.string().min(1).max(64),
  lotteryType: z.string().min(1).default('SEA'),
  device: z.literal('WEB'),
  defaultLanguage: LanguageSchema,
  languages: z.array(LanguageSchema).min(1),
  chatHeaderColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** The brand's main colour on the site (its --brand-1 token); absent: the platform's gold. */
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** The second colour of the brand's gradients (--brand-2); absent: the platform's orange. */
  secondaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  /** The logo the header shows (an image the server stores, /wps/media/…); absent: the brand's name alone. */
  logoUrl: z.string().optional(),
  prizeModes: z.array(z.enum(PRIZE_MODES)),
  announcementTypes: z.array(AnnouncementTypeSchema),
  defaultAnnouncementType: AnnouncementTypeSchema,
  esportsList: z.array(z.string()),
  /**
   * 'logged-in to home page': every page but the sign-in ones needs a session
   * (docs/product/site-shell-and-routes.md#redirect-rule).
   */
  loggedInToHomePage: z.boolean(),
  currency: z.string().length(3),
  currencySymbol: z.string().min(1).max(8).describe('Symbol shown before balances; default P.'),
  /** Exponent of the minor unit: 0 for KRW, 2 for USD. Amounts in the API are integers in minor units. */
  currencyExponent: z.number().int().min(0).max(4),
  timeZone: z.string().min(1),
  name: z.string().min(1),
  /**
   * Practice money a free-play guest starts with, in major units (decision 0072); absent:
   * DEFAULT_PRACTICE_BALANCE_MAJOR.
   */
  practiceBalanceMajor: z.number().int().min(1).max(1_000_000_000).optional(),
  /** Word-count bounds of feedback (PUT /wps/feedback); absent: FEEDBACK_MIN_WORDS to FEEDBACK_MAX_WORDS. */
  feedbackWords: z
    .object({ min: z.number().int().min(1).max(1000), max: z.number().int().min(1).max(2000) })
    .refine((words) => words.min <= words.max, 'min above max')
    .optional(),
});
export type BrandConfig = z.infer<typeof BrandConfigSchema>;

export const ResourceSchema = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: z.string(),
  qrCodeUrl: z.string().describe('What the QR code encodes; the client draws the code.'),
  labelNameEn: z.string(),
  labelNameCn: z.string(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const CustomerServiceSchema = z.object({
  csType: z.enum(['VIP', 'LIVECHAT']),
  path: z.string(),
});
export type CustomerService = z.infer<typeof CustomerServiceSchema>;

export const FooterImageSchema = z.object({ name: z.string(), url: z.string() });

/**
 * Who runs the brand, as the footer states it (docs/product/site-shell-and-routes.md#footer): only what the
 * operator entered is shown, never an invented licence. `demo` makes the footer say the site is a demonstration.
 */
export const BrandOperatorSchema = z.object({
  company: z.string(),
  address: z.string(),
  regulator: z.string(),
  licenceNumber: z.string(),
  /** The regulator's page of this licence (its register entry), or ''. */
  licenceUrl: z.string(),
  demo: z.boolean(),
});
export type BrandOperator = z.infer<typeof BrandOperatorSchema>;
export const EMPTY_BRAND_OPERATOR: BrandOperator = {
  company: '',
  address: '',
  regulator: '',
  licenceNumber: '',
  licenceUrl: '',
  demo: false,
};

/** Operator-edited site content stored per brand. */
export const SiteContentSchema = z.object({
  resources: z.array(ResourceSchema),
  customerService: z.array(CustomerServiceSchema),
  facebookUrl: z.string(),
  email: z.string(),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  footer: z.object({
    paymentImages: z.array(FooterImageSchema),
    licenseImages: z.array(FooterImageSchema),
    copyright: z.string(),
    /** Absent on brands stored before it existed: nothing to state. */
    operator: BrandOperatorSchema.default(EMPTY_BRAND_OPERATOR),
  }),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;
