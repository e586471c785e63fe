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
  /** Contracts (decision 0066): no contract of the caller's by this id (another agent's answers the same). */
  CONTRACT_NOT_FOUND: {
    status: 404,
    ko: '계약을 찾을 수 없습니다.',
    en: 'Contract not found.',
  },
  /** An offer goes to a direct downline agent only (`value.account`). */
  CONTRACT_NOT_DIRECT_DOWNLINE: {
    status: 403,
    ko: '직속 하위 에이전트에게만 계약을 제안할 수 있습니다.',
    en: 'Contracts can be offered to your direct downline agents only.',
  },
  /** Back office: a brand contract goes to a top agent only (an agent whose upline is no agent). */
  CONTRACT_NOT_TOP_AGENT: {
    status: 422,
    ko: '브랜드 계약은 최상위 에이전트(상위가 에이전트가 아닌 에이전트)에게만 설정할 수 있습니다.',
    en: 'A brand contract is for a top agent only (an agent whose upline is not an agent).',
  },
  /** Back office: no settlement run of this number in the brand. */
  AGENT_SETTLEMENT_NOT_FOUND: {
    status: 404,
    ko: '정산 내역을 찾을 수 없습니다.',
    en: 'Settlement not found.',
  },
  /** The caller has no active contract of this kind to pass on. */
  CONTRACT_UPLINE_HAS_NONE: {
    status: 409,
    ko: '이 종류의 계약이 없어 하위에 제안할 수 없습니다.',
    en: 'You have no contract of this kind to offer on.',
  },
  /** An offer's top rate is above the caller's own (`value.maxRateBp`). */
  CONTRACT_RATE_ABOVE_OWN: {
    status: 422,
    ko: '제안 비율은 내 계약 비율({max}%)을 넘을 수 없습니다.',
    en: 'The rate cannot exceed your own contract rate ({max}%).',
  },
  /** An offer's salary type or period differs from the caller's own contract of that kind. */
  CONTRACT_TERMS_MISMATCH: {
    status: 422,
    ko: '급여 유형과 기간은 내 계약과 같아야 합니다.',
    en: 'The salary type and period must be those of your own contract.',
  },
  /** The terms do not fit the kind, or the tiers do not rise (`value.reason`). */
  CONTRACT_TERMS_INVALID: {
    status: 422,
    ko: '계약 조건이 올바르지 않습니다.',
    en: "The contract's terms are not valid.",
  },
  /** An offer of this kind already waits for that downline's answer. */
  CONTRACT_OFFER_PENDING: {
    status: 409,
    ko: '이미 응답을 기다리는 계약 제안이 있습니다.',
    en: 'An offer of this kind is already waiting for an answer.',
  },
  /** The action does not fit the contract's state or the caller's side (`value.status`). */
  CONTRACT_ACTION_NOT_ALLOWED: {
    status: 409,
    ko: '현재 계약 상태에서는 할 수 없는 요청입니다.',
    en: 'This cannot be done with the contract as it is now.',
  },
  /** The contract changed since it was read (`version`): read it again. */
  CONTRACT_CHANGED: {
    status: 409,
    ko: '계약이 변경되었습니다. 다시 확인해 주세요.',
    en: 'The contract has changed. Please check it again.',
  },
  /**
   * Accepting would end the caller's contracts with its own downline whose rate is above the new one (`value.accounts`):
   * send the accept again with confirmDownlineTermination.
   */
  CONTRACT_CONFIRM_DOWNLINE_TERMINATION: {
    status: 409,
    ko: '이 계약을 수락하면 하위 계약이 종료됩니다: {accounts}. 확인 후 다시 수락해 주세요.',
    en: 'Accepting ends these downline contracts: {accounts}. Confirm to accept.',
  },
});
