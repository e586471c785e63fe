import { z } from 'zod';
import { CONTRACT_REQUEST_TYPES } from '../agents/contracts';
import { successEnvelope } from '../envelope';

/** Agent types that see the agent area (docs/product/accounts.md#account-types-and-roles). */
export const AGENT_AREA_TYPES = [1, 2, 41, 42] as const;
/** The trial, not-real account type: refused protected actions with the in_need_true_account dialog. */
export const TRIAL_ACCOUNT_TYPE = 4;

export function canSeeAgentArea(type: number): boolean {
  return (AGENT_AREA_TYPES as readonly number[]).includes(type);
}

/** The member centre shows only with a token and a type other than 4 (and never to a free-play guest). */
export function isRealAccount(info: { type: number; isFreePlay?: boolean }): boolean {
  return info.type !== TRIAL_ACCOUNT_TYPE && !info.isFreePlay;
}

export const ClubLabelSchema = z.object({
  labelName: z.string().describe('Name of the member rank (VIP level) shown in the header.'),
  rankLevel: z.number().int().min(0).describe('VIP chat is offered above rank level 4.'),
});

/** Member info (docs/product/accounts.md#member-info). */
export const MemberInfoSchema = z.object({
  id: z.number().int().describe('Member id shown as ID in the avatar menu.'),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int().describe('The agent flag isAgent: 0 member, 1/2/41/42 agent, 4 trial (not real).'),
  toUpline: z.string().describe('Account of the upline agent; empty when the member has none.'),
  clubLabel: ClubLabelSchema,
  memberLabel: z.array(z.string()).describe('Operator labels of the member.'),
  isFreePlay: z.boolean().describe('A free-play guest: play money only, never real money.'),
  language: z.string().nullable(),
  hasMobile: z.boolean(),
  hasEmail: z.boolean(),
  previousLoginAt: z.string().nullable().describe('ISO time of the sign-in before this one, shown to the member.'),
  lastLoginAt: z.string().nullable().describe('ISO time of this sign-in.'),
  createdAt: z.string(),
  contractInfo: z
    .object({
      dailysalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
      divtypereq: z.enum(CONTRACT_REQUEST_TYPES),
      contracthoursalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
      realtimesalreqtype: z.enum(CONTRACT_REQUEST_TYPES),
    })
    .optional()
    .describe(
      "An agent's consolidated contract info (decision 0066): per kind, the request waiting for it (none, new, terminate); absent for a non-agent.",
    ),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;
export const MemberInfoResponseSchema = successEnvelope(MemberInfoSchema);
