import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { BrandConfigSchema, CustomerServiceSchema, ResourceSchema, SiteContentSchema } from './brand';
import { HelpCategorySchema } from './help';
import { WhitelabelNodeSchema } from './whitelabel';

export { SYSTEM_STATUS } from './constants';

export const SystemStatusCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof SystemStatusCodeSchema>;

export const RegisterRuleSchema = z.object({
  acceptedPattern: z.string().describe("A pattern id of the rules engine, or '*' for anything."),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z.string().describe('Key of the message shown when the value fails, with {min} and {max}.'),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type RegisterRule = z.infer<typeof RegisterRuleSchema>;

export const SystemStatusQuerySchema = z.object({
  url: z.string().max(2048).optional().describe('The host (or full URL) the player site was opened on.'),
});

/** Permission info (docs/product/site-shell-and-routes.md#system-status). */
export const SystemStatusSchema = z.object({
  status: SystemStatusCodeSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceEndAt: z.string().nullable().describe('ISO time the maintenance is planned to end, if known.'),
  location: z.object({ ip: z.string(), country: z.string().describe('ISO 3166 alpha-2, or empty when unknown.') }),
  brand: BrandConfigSchema,
  whitelabel: z.array(WhitelabelNodeSchema),
  registerRules: z.record(z.string(), RegisterRuleSchema),
  resources: z.array(ResourceSchema),
  customerService: z.array(CustomerServiceSchema),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  site: SiteContentSchema.pick({ facebookUrl: true, email: true, footer: true }),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
export const SystemStatusResponseSchema = successEnvelope(SystemStatusSchema);

export const WhitelabelResponseSchema = successEnvelope(z.array(WhitelabelNodeSchema));

export const DomainRouteSchema = z.object({
  domainList: z.array(
    z.object({
      url: z.string().describe("Host name of a route domain of this brand, in the operator's order."),
      speed: z.number().describe('Measured by the client; 0 from the server.'),
    }),
  ),
});
export const DomainRouteResponseSchema = successEnvelope(DomainRouteSchema);

export const HelpItemSchema = z.object({
  id: z.number().int(),
  category: HelpCategorySchema,
  title: z.string(),
  content: z.string().describe('HTML; sanitise before rendering.'),
});
export type HelpItem = z.infer<typeof HelpItemSchema>;
export const HelpCenterResponseSchema = successEnvelope(z.object({ list: z.array(HelpItemSchema) }));
