import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { pageSchema, PageRequestSchema } from './paging';

/** One change, as the audit trail recorded it in the change's own transaction. */
export const AuditEntrySchema = z.object({
  id: z.string().describe('Increasing: a later change has a larger id.'),
  at: z.string().describe("When the change was made: its transaction's time (ISO)."),
  actor: z.string().describe('operator:<id> for the back office, cli:<OS user> for `npm run admin`.'),
  operatorId: z.number().int().nullable(),
  operatorLogin: z.string().nullable().describe("The operator's login today; null for the CLI."),
  brand: z.string().nullable().describe("The brand's merchant code; null for a change to the platform."),
  action: z.string().describe('What was done, e.g. operator.suspend, brand.maintenance, wallet.adjust.'),
  targetType: z.string().describe('What it was done to, e.g. operator, member, brand, game, round.'),
  targetId: z.string(),
  before: z.unknown().describe('The values the change replaced (null for a creation).'),
  after: z.unknown().describe('The values it wrote.'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const isoTime = z
  .string()
  .trim()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)),
    {
      message: 'an ISO date or time',
    },
  );

/** The audit page's filters; all optional, combined with AND. */
export const AuditQuerySchema = PageRequestSchema.extend({
  operatorId: z.coerce.number().int().positive().optional().describe('Changes by this operator.'),
  actor: z.string().trim().min(1).max(120).optional().describe('An exact actor, e.g. cli:alice.'),
  action: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('An action, or its start ending in a dot: `operator.` finds every operator.* action.'),
  targetType: z.string().trim().min(1).max(50).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  brand: z.string().trim().min(1).max(64).optional().describe("A brand's merchant code."),
  from: isoTime.optional().describe('From this time (ISO), included.'),
  to: isoTime.optional().describe('Before this time (ISO), excluded.'),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditPageSchema = pageSchema(AuditEntrySchema);
export const AuditPageResponseSchema = successEnvelope(AuditPageSchema);
