import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { CONTRACT_KINDS, ContractTermsSchema } from './contracts';

// The agent centre's account page, registerCenter (docs/product/agent-centre.md#account, decision 0064): the agent's
// invitation links, each with its own code and the account type a registrant gets, and accounts the agent creates in
// its downline directly. Either way the new account is a direct member of the agent.

/**
 * The account types an agent gives a new direct member: a member (0), or a sub-agent (2, one of AGENT_TYPES) when the
 * brand lets its agents make agents.
 */
export const DOWNLINE_ACCOUNT_TYPES = { member: 0, agent: 2 } as const;
export type DownlineAccountKind = keyof typeof DOWNLINE_ACCOUNT_TYPES;
const Kind = z.enum(['member', 'agent']).describe('member: a member (type 0); agent: a sub-agent (type 2).');

/** The query parameter of the site's registration page that carries an agent's code: `/register?affiliateCode=`. */
export const AFFILIATE_CODE_PARAM = 'affiliateCode';

/** Most active links an agent has at once. */
export const AGENT_INVITE_LINK_MAX = 50;

export const InviteLinkSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('10 capitals and digits without 0, O, 1 and I; unique on the brand.'),
  label: z.string(),
  accountType: Kind,
  url: z
    .string()
    .nullable()
    .describe("The site's registration page with the code (on the brand's site address); null: the brand has none."),
  registrations: z.number().int().min(0).describe('Accounts registered with the code.'),
  active: z.boolean().describe('false: disabled, a registration with its code is refused.'),
  createdAt: z.string().describe('ISO 8601.'),
  disabledAt: z.string().nullable(),
  contractTerms: z
    .array(ContractTermsSchema)
    .describe("A sub-agent link's terms: each an offer to the new sub-agent at registration; [] for a member link."),
});
export type InviteLink = z.infer<typeof InviteLinkSchema>;

export const InviteLinksSchema = z.object({
  items: z.array(InviteLinkSchema).describe('Newest first, the disabled ones too.'),
  subAgentsAllowed: z
    .boolean()
    .describe("Whether the brand lets its agents make sub-agents (a link's or an account's type agent)."),
  max: z.number().int().describe('Most active links at once (AGENT_INVITE_LINK_MAX).'),
});
export type InviteLinks = z.infer<typeof InviteLinksSchema>;
export const InviteLinksResponseSchema = successEnvelope(InviteLinksSchema);

/** POST /wps/agent/invite-links */
export const CreateInviteLinkRequestSchema = z
  .object({
    label: z.string().trim().min(1).max(40).describe('For the agent: where the link is shared.'),
    accountType: Kind,
    contractTerms: z
      .array(ContractTermsSchema)
      .max(CONTRACT_KINDS.length)
      .refine((terms) => new Set(terms.map((item) => item.kind)).size === terms.length, 'one terms per kind')
      .optional()
      .describe(
        'A sub-agent link only: terms checked as an offer is (decision 0066), offered to each sub-agent registering by it.',
      ),
  })
  .refine((request) => request.accountType === 'agent' || !request.contractTerms?.length, {
    message: 'a member link has no contract terms',
    path: ['contractTerms'],
  });
export type CreateInviteLinkRequest = z.infer<typeof CreateInviteLinkRequestSchema>;
export const InviteLinkResponseSchema = successEnvelope(InviteLinkSchema);

/** POST /wps/agent/invite-links/disable: disabling a disabled link answers it as it is. */
export const DisableInviteLinkRequestSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type DisableInviteLinkRequest = z.infer<typeof DisableInviteLinkRequestSchema>;

/** POST /wps/agent/team/accounts: the account and password by the brand's registration rules. */
export const CreateDownlineAccountRequestSchema = z.object({
  account: z.string().trim().min(1).max(40).describe("The account name, by the brand's username rule."),
  password: z.string().min(1).max(64).describe("The password, by the brand's password rule."),
  nickname: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe("By the brand's nickname rule when it has one; default the account."),
  accountType: Kind,
  requestId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
    .describe('Chosen by the client; a repeat answers the account the first made and makes nothing.'),
});
export type CreateDownlineAccountRequest = z.infer<typeof CreateDownlineAccountRequestSchema>;

export const DownlineAccountSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  accountType: Kind,
  createdAt: z.string().describe('ISO 8601.'),
  repeated: z.boolean().describe('True: this requestId had made the account already; nothing was made this time.'),
});
export type DownlineAccount = z.infer<typeof DownlineAccountSchema>;
export const DownlineAccountResponseSchema = successEnvelope(DownlineAccountSchema);
