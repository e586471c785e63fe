import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The agent's downline (docs/product/agent-centre.md#team-and-reports, docs/decisions/0059-downline-tree.md): every
// member under the agent at any depth, each with its level below the agent (1: a direct member). Amounts are integers
// in minor units of the brand's currency.

/** Agent types: they see the agent area and have a downline (docs/product/accounts.md#account-types-and-roles). */
export const AGENT_TYPES = [1, 2, 41, 42] as const;

/** Most rows a team page answers at once. */
export const TEAM_PAGE_LIMIT = { default: 20, max: 100 } as const;

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A member of the agent's downline as the agent's team management shows it. */
export const DownlineMemberSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  level: z
    .number()
    .int()
    .min(1)
    .describe("Steps below the caller (or the asked parent's caller): 1 is a direct member."),
  type: z.number().int().describe('The account type: 0 member; 1, 2, 41, 42 agents; 4 a trial account.'),
  uplineId: z.number().int().nullable(),
  uplineAccount: z.string().nullable(),
  balanceMinor: z.number().int().describe("The main wallet's balance in minor units."),
  lastLoginAt: z.string().nullable().describe('ISO 8601; null: never signed in.'),
  status: z.enum(['active', 'locked', 'closed']),
  createdAt: z.string().describe('ISO 8601: when the account registered.'),
  childCount: z.number().int().min(0).describe('Its direct members (the tree view opens a node that has some).'),
});
export type DownlineMember = z.infer<typeof DownlineMemberSchema>;

const PageFields = {
  limit: z.coerce.number().int().min(1).max(TEAM_PAGE_LIMIT.max).default(TEAM_PAGE_LIMIT.default),
  cursor: z.string().min(1).max(200).optional().describe("The previous page's nextCursor; absent: the first page."),
};

/** The team list: `account` a prefix of the account (any case), `direct` only the direct members. */
export const TeamMembersQuerySchema = z.object({
  account: z.string().trim().max(40).optional().describe('Accounts that start with this text (any case).'),
  direct: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: the direct members only (level 1).'),
  ...PageFields,
});
export type TeamMembersQuery = z.infer<typeof TeamMembersQuerySchema>;

/** A node's children: `parentId` a member of the caller's downline; absent, the caller. */
export const TeamChildrenQuerySchema = z.object({ parentId: Id.optional(), ...PageFields });
export type TeamChildrenQuery = z.infer<typeof TeamChildrenQuerySchema>;

/** A page of the team, by account (keyset), with the brand's currency for the amounts. */
export const TeamPageSchema = z.object({
  items: z.array(DownlineMemberSchema),
  nextCursor: z.string().nullable().describe('Send as cursor for the next page; null: this is the last page.'),
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type TeamPage = z.infer<typeof TeamPageSchema>;
export const TeamPageResponseSchema = successEnvelope(TeamPageSchema);
