import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { LanguageSchema } from '../i18n';
import { BrandOperatorSchema, CustomerServiceSchema } from '../system/brand';
import { WhitelabelNodeSchema } from '../system/whitelabel';
import { VersionSchema } from './paging';

// A brand's settings as the back office edits them (issue 32, "Brand"). Every save names one part of the
// settings and carries the brand's `version` as the page read it: a stale one is BO_CHANGED_SINCE_OPENED and
// changes nothing. The answer of every save is the settings as they now are, with the new version.

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const ColourSchema = z.string().trim().regex(HEX_COLOUR, 'a colour as #rrggbb').describe('A colour as #rrggbb.');
const IsoTimeSchema = z.iso.datetime({ offset: true }).describe('An ISO date-time with its offset (Z or ±hh:mm).');

/** What the platform shows when a brand has not chosen its own colours (apps/web/src/styles/tokens.css). */
export const DEFAULT_BRAND_THEME = { primaryColor: '#f6c544', secondaryColor: '#ff8a3d' } as const;

/** The images a brand's page uploads, and their limits; the server decodes each and encodes it again. */
export const BRAND_IMAGE_LIMITS = {
  /** The largest upload the server reads, in bytes, before it decodes anything. */
  maxBytes: 2 * 1024 * 1024,
  logo: { minWidth: 32, minHeight: 32, maxWidth: 1024, maxHeight: 512 },
  banner: { minWidth: 200, minHeight: 60, maxWidth: 2400, maxHeight: 1200 },
} as const;
export const BRAND_IMAGE_KINDS = ['logo', 'banner'] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];
/** The types an upload may be; anything else is refused whatever it calls itself. */
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const MAINTENANCE_STATES = ['off', 'on', 'scheduled'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

export const BrandSettingsSchema = z.object({
  code: z.string(),
  name: z.string(),
  version: z.number().int().describe('Send it with the next save: a stale one is refused (BO_CHANGED_SINCE_OPENED).'),
  siteUrl: z.string().nullable().describe('Origin of the player site; every link the platform sends is built on it.'),
  whitelabel: z.array(WhitelabelNodeSchema),
  knownModules: z.array(z.string()).describe('The platform modules a flag may name (added at the top when missing).'),
  maintenance: z.object({
    state: z.enum(MAINTENANCE_STATES).describe('on: visitors see the maintenance page; scheduled: from startsAt.'),
    startsAt: z.string().nullable().describe('When a scheduled maintenance starts (ISO).'),
    endsAt: z.string().nullable().describe('The end shown to visitors (ISO); maintenance stays on until turned off.'),
  }),
  regions: z.object({
    countries: z.array(z.string()).describe('ISO 3166 alpha-2 codes whose visitors see the restricted page.'),
    ips: z.array(z.string()).describe('IP addresses and CIDR ranges whose visitors see the restricted page.'),
  }),
  domains: z
    .array(
      z.object({
        domain: z.string(),
        isRoute: z.boolean(),
        isAgentSite: z.boolean().describe('Its agent site: only agents sign in here (decision 0059).'),
      }),
    )
    .describe('In the order the site lists them.'),
  customerService: z.array(CustomerServiceSchema),
  operator: BrandOperatorSchema.describe('Who runs the brand, as the footer states it.'),
  languages: z.array(LanguageSchema),
  defaultLanguage: LanguageSchema,
  currency: z.object({
    code: z.string(),
    symbol: z.string(),
    exponent: z.number().int(),
    membersWithBalance: z
      .number()
      .int()
      .describe('Members holding a balance: while any do, the currency and its exponent cannot change.'),
  }),
  theme: z.object({ chatHeaderColor: z.string(), primaryColor: z.string(), secondaryColor: z.string() }),
  logoUrl: z.string().nullable().describe('The logo the site shows in its header; null: the brand name alone.'),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const BrandSettingsResponseSchema = successEnvelope(BrandSettingsSchema);

export const SetBrandFlagRequestSchema = z
  .object({
    modId: z.string().trim().min(1).max(64).describe('The module, e.g. DIRECT_REGISTER.'),
    enabled: z.boolean(),
    version: VersionSchema,
  })
  .strict();
export type SetBrandFlagRequest = z.infer<typeof SetBrandFlagRequestSchema>;

export const SetMaintenanceRequestSchema = z
  .object({
    state: z.enum(MAINTENANCE_STATES),
    startsAt: IsoTimeSchema.nullable().default(null).describe('Required when scheduled; in the future.'),
    endsAt: IsoTimeSchema.nullable().default(null).describe('Shown to visitors; after the start.'),
    version: VersionSchema,
  })
  .strict()
  .refine((value) => value.state !== 'scheduled' || value.startsAt !== null, {
    path: ['startsAt'],
    message: 'a scheduled maintenance needs its start',
  })
  .refine(
    (value) =>
      value.state === 'off' || value.endsAt === null || value.startsAt === null || value.endsAt > value.startsAt,
    {
      path: ['endsAt'],
      message: 'the end comes after the start',
    },
  );
export type SetMaintenanceRequest = z.input<typeof SetMaintenanceRequestSchema>;

export const SetRegionBlocksRequestSchema = z
  .object({
    countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'two letters'),
      )
      .max(250)
      .describe('ISO 3166 alpha-2 codes, e.g. KR.'),
    ips: z.array(z.string().trim().min(2).max(64)).max(500).describe('IP addresses or CIDR ranges, v4 or v6.'),
    version: VersionSchema,
  })
  .strict();
export type SetRegionBlocksRequest = z.input<typeof SetRegionBlocksRequestSchema>;

export const DomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name, e.g. play.brand.example',
  )
  .describe('A host name without scheme, port or path.');

export const SetDomainsRequestSchema = z
  .object({
    domains: z
      .array(
        z.object({
          domain: DomainNameSchema,
          isRoute: z.boolean().describe('Listed by /wps/system/domainRoute.'),
          isAgentSite: z
            .boolean()
            .default(false)
            .describe("The brand's agent site: only agents (types 1, 2, 41, 42) sign in here (decision 0059)."),
        }),
      )
      .max(100)
      .refine((list) => new Set(list.map((entry) => entry.domain)).size === list.length, 'each domain once')
      .describe('Every host of the brand, in order; a host left out no longer opens this brand.'),
    version: VersionSchema,
  })
  .strict();
export type SetDomainsRequest = z.input<typeof SetDomainsRequestSchema>;

// A path of the brand's own site is a link too: the demo's live chat is its help page (/helpmc#contact).
const LinkSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s\\]*)$/i, 'an http(s) address or a path of the site')
  .describe('An http(s) address, or a path of the site (/helpmc#contact).');

export const SetCustomerServiceRequestSchema = z
  .object({
    entries: z
      .array(z.object({ csType: CustomerServiceSchema.shape.csType, path: LinkSchema }))
      .max(10)
      .refine((list) => new Set(list.map((entry) => entry.csType)).size === list.length, 'one link per channel'),
    version: VersionSchema,
  })
  .strict();
export type SetCustomerServiceRequest = z.input<typeof SetCustomerServiceRequestSchema>;

const OperatorLineSchema = z.string().trim().max(200);

/** The footer's operator lines; a licence needs its regulator and number together, or neither. */
export const SetOperatorRequestSchema = z
  .object({
    operator: z
      .object({
        company: OperatorLineSchema,
        address: z.string().trim().max(300),
        regulator: OperatorLineSchema,
        licenceNumber: z.string().trim().max(100),
        licenceUrl: z
          .string()
          .trim()
          .max(500)
          .regex(/^(https:\/\/[^\s]+)?$/i, 'an https address'),
        demo: z.boolean(),
      })
      .strict()
      .refine((operator) => (operator.regulator === '') === (operator.licenceNumber === ''), {
        message: 'a licence names its regulator and its number',
        path: ['licenceNumber'],
      })
      .refine((operator) => operator.licenceUrl === '' || operator.licenceNumber !== '', {
        message: 'a licence page needs the licence',
        path: ['licenceUrl'],
      }),
    version: VersionSchema,
  })
  .strict();
export type SetOperatorRequest = z.input<typeof SetOperatorRequestSchema>;

export const SetLanguagesRequestSchema = z
  .object({
    languages: z
      .array(LanguageSchema)
      .min(1)
      .refine((list) => new Set(list).size === list.length, 'each language once'),
    defaultLanguage: LanguageSchema,
    version: VersionSchema,
  })
  .strict()
  .refine((value) => value.languages.includes(value.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'the default is one of the languages',
  });
export type SetLanguagesRequest = z.input<typeof SetLanguagesRequestSchema>;

export const SetCurrencyRequestSchema = z
  .object({
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'three letters (ISO 4217)')
      .describe('ISO 4217 code, e.g. KRW. Refused while members hold a balance.'),
    currencySymbol: z.string().trim().min(1).max(8).describe('Shown before balances, e.g. ₩ or P.'),
    currencyExponent: z
      .number()
      .int()
      .min(0)
      .max(4)
      .describe(
        'Minor units per major unit as a power of ten: 0 for KRW, 2 for USD. Refused while members hold a balance.',
      ),
    version: VersionSchema,
  })
  .strict();
export type SetCurrencyRequest = z.input<typeof SetCurrencyRequestSchema>;

export const SetThemeRequestSchema = z
  .object({
    chatHeaderColor: ColourSchema.describe('The header of the live-chat window.'),
    primaryColor: ColourSchema.describe("The brand's main colour on the site (buttons, highlights)."),
    secondaryColor: ColourSchema.describe('The second colour of its gradients.'),
    version: VersionSchema,
  })
  .strict();
export type SetThemeRequest = z.input<typeof SetThemeRequestSchema>;

export const SetSiteUrlRequestSchema = z
  .object({
    siteUrl: z.string().trim().min(1).max(200).describe('https://brand.example (http only for localhost).'),
    version: VersionSchema,
  })
  .strict();
export type SetSiteUrlRequest = z.input<typeof SetSiteUrlRequestSchema>;

/**
 * The version of a call with no JSON body: an upload, whose body is the image itself
 * (application/octet-stream), or a removal.
 */
export const VersionQuerySchema = z.object({ version: z.coerce.number().int().min(0).describe('The version opened.') });

/** An image as stored: decoded, checked and encoded again by the server, under a name it made up. */
export const UploadedImageSchema = z.object({
  url: z.string().describe('Where the site loads it: /wps/media/<generated name>.'),
  contentType: z.enum(BRAND_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
export const UploadedImageResponseSchema = successEnvelope(UploadedImageSchema);
