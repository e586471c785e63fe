import { defineErrors } from './define';

/** Errors of the agent centre (docs/decisions/0059-downline-tree.md). A refusal writes nothing. */
export const agentErrors = defineErrors({
  /** The member named is not in the calling agent's downline (or does not exist, or is of another brand). */
  AGENT_NOT_IN_DOWNLINE: {
    status: 403,
    ko: '내 하위 회원이 아닙니다.',
    en: 'This member is not in your downline.',
  },
  /** Back office: the new upline is the member itself or one of its own downline. */
  AGENT_UPLINE_CYCLE: {
    status: 409,
    ko: '자신 또는 자신의 하위 회원 아래로는 이동할 수 없습니다.',
    en: 'A member cannot be moved under itself or its own downline.',
  },
  /** Back office: the new upline belongs to another brand. */
  AGENT_UPLINE_OTHER_BRAND: {
    status: 409,
    ko: '다른 브랜드의 상위 에이전트로는 이동할 수 없습니다.',
    en: 'The upline belongs to another brand.',
  },
  /** Back office: the new upline is not an agent (types 1, 2, 41, 42) or not a member of the brand. */
  AGENT_UPLINE_NOT_AGENT: {
    status: 422,
    ko: '상위는 이 브랜드의 에이전트여야 합니다.',
    en: 'The upline must be an agent of this brand.',
  },
  /** Back office: no member of this brand by this id. */
  AGENT_MEMBER_NOT_FOUND: {
    status: 404,
    ko: '회원을 찾을 수 없습니다.',
    en: 'Member not found.',
  },
  /** registerCenter: a link or account of type agent on a brand whose agents may not make sub-agents (decision 0064). */
  AGENT_SUB_AGENTS_OFF: {
    status: 403,
    ko: '이 사이트에서는 하위 에이전트를 만들 수 없습니다.',
    en: 'Sub-agents cannot be created on this site.',
  },
  /** registerCenter: no invitation link of the calling agent by this id. */
  AGENT_INVITE_LINK_NOT_FOUND: {
    status: 404,
    ko: '초대 링크를 찾을 수 없습니다.',
    en: 'Invitation link not found.',
  },
  /** registerCenter: the agent has AGENT_INVITE_LINK_MAX active links already. */
  AGENT_INVITE_LINK_LIMIT: {
    status: 409,
    ko: '사용 중인 초대 링크가 너무 많습니다. 사용하지 않는 링크를 중지해 주세요.',
    en: 'You have too many active invitation links. Disable one you no longer use.',
  },
});
