import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { ContractSchema, ContractTermsSchema } from './contracts';

// The back office's downline tree (docs/decisions/0059-downline-tree.md): a brand's members and agents with their
// upline and level, a node's children (brand.read), and a member moved under another upline with its whole downline
// (brand.write, audited with before and after). A move that would put a member under its own downline is
// AGENT_UPLINE_CYCLE, an upline of another brand AGENT_UPLINE_OTHER_BRAND; either writes nothing.

/** A member as the tree page shows it. */
export const BoTreeNodeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int().describe('0 member; 1, 2, 41, 42 agents; 4 a trial account.'),
  status: z.enum(['active', 'locked', 'closed']),
  uplineId: z.number().int().nullable(),
  uplineAccount: z.string().nullable(),
  level: z.number().int().min(0).describe('Uplines above it: 0 is the top of a tree.'),
  childCount: z.number().int().min(0).describe('Its direct members.'),
  downlineCount: z.number().int().min(0).describe('Everyone under it, at any depth.'),
  createdAt: z.string(),
});
export type BoTreeNode = z.infer<typeof BoTreeNodeSchema>;

export const BoTreeQuerySchema = PageRequestSchema.extend({
  account: z.string().trim().max(40).optional().describe('Accounts that start with this text (any case).'),
  agents: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: agents only (types 1, 2, 41, 42).'),
});
export type BoTreeQuery = z.infer<typeof BoTreeQuerySchema>;
export const BoTreePageSchema = pageSchema(BoTreeNodeSchema);
export type BoTreePage = z.infer<typeof BoTreePageSchema>;
export const BoTreePageResponseSchema = successEnvelope(BoTreePageSchema);

export const BoTreeMemberParamsSchema = BrandParamsSchema.extend({
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Moves a member, with its whole downline, under `uplineId` (an agent of the brand), or to the top (null). */
export const BoMoveMemberRequestSchema = z
  .object({
    uplineId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().describe('null: the top.'),
  })
  .strict();
export type BoMoveMemberRequest = z.infer<typeof BoMoveMemberRequestSchema>;
export const BoTreeNodeResponseSchema = successEnvelope(BoTreeNodeSchema);

// The back office's agent contracts (docs/decisions/0066-agent-contracts.md): every contract of the brand, newest first
// (brand.read), and a top agent's contract with the brand set by an operator (brand.write, audited): active at once,
// in place of the brand's contract of that kind it had.

/** A contract as the operator sees it: the contract's fields and both members' ids. */
export const BoContractSchema = ContractSchema.extend({
  uplineId: z.number().int().nullable().describe('null: the brand.'),
  downlineId: z.number().int(),
});
export type BoContract = z.infer<typeof BoContractSchema>;
export const BoContractResponseSchema = successEnvelope(BoContractSchema);

export const BoContractListQuerySchema = PageRequestSchema.extend({
  status: z.enum(['open', 'ended']).optional().describe('open: offered or active; ended: the others.'),
});
export type BoContractListQuery = z.infer<typeof BoContractListQuerySchema>;
export const BoContractPageSchema = pageSchema(BoContractSchema);
export type BoContractPage = z.infer<typeof BoContractPageSchema>;
export const BoContractPageResponseSchema = successEnvelope(BoContractPageSchema);

/** The brand's contract with a top agent (an agent whose upline is no agent), by the agent's account. */
export const BoSetBrandContractRequestSchema = z
  .object({ account: z.string().trim().min(1).max(40), terms: ContractTermsSchema })
  .strict();
export type BoSetBrandContractRequest = z.infer<typeof BoSetBrandContractRequestSchema>;

// The brand's agent settings (table agent_settings; docs/decisions/0064-agent-invitation-links.md,
// docs/decisions/0067-contract-settlement-model.md): whether its agents may make sub-agents, and whether a dividend's
// negative period carries into the contract's next period. brand.read; saving brand.write, audited, with the version.

export const BoAgentSettingsSchema = z.object({
  subAgentsAllowed: z
    .boolean()
    .describe("Whether the brand's agents may make sub-agents, by a link or directly (AGENT_SUB_AGENTS_OFF if not)."),
  dividendCarriesLoss: z
    .boolean()
    .describe("Whether a dividend's negative period (the team won) is carried into the next period and clawed back."),
  version: z.number().int().describe('Send it back with a save: a save over a newer one is refused. 0: never saved.'),
  updatedAt: z.string().nullable().describe('null: never saved (the defaults).'),
});
export type BoAgentSettings = z.infer<typeof BoAgentSettingsSchema>;
export const BoAgentSettingsResponseSchema = successEnvelope(BoAgentSettingsSchema);

/** A change applies from now: links and accounts made after it, and settlement periods settled after it. */
export const BoAgentSettingsUpdateSchema = z
  .object({ subAgentsAllowed: z.boolean(), dividendCarriesLoss: z.boolean(), version: VersionSchema })
  .strict();
export type BoAgentSettingsUpdate = z.infer<typeof BoAgentSettingsUpdateSchema>;
