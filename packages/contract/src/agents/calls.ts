// The agent centre's calls (docs/product/agent-centre.md, docs/decisions/0059-downline-tree.md), exported as
// AGENT_CALLS. Each needs a session of an agent (token rule "agent": a trial account NEED_TRUE_ACCOUNT, any other
// non-agent NOT_AGENT) and reads only the caller's own downline. Zod-free: the site's start-up code may import it.
import type { ApiCall } from '../call';

/** The caller's downline at any depth (or its direct members only), searchable by account, keyset by account. */
export const teamMembers = { method: 'GET', path: '/wps/agent/team/members' } as const satisfies ApiCall;
/** A node's direct children for the tree view: the caller's own, or a downline member's (`parentId`). */
export const teamChildren = { method: 'GET', path: '/wps/agent/team/children' } as const satisfies ApiCall;
/** The caller's team over today, yesterday, this month and the last, and its last 14 days (agentTeamOverview). */
export const teamOverview = { method: 'GET', path: '/wps/agent/team/overview' } as const satisfies ApiCall;
/** The team's profit and loss over a period: totals, by game type, and member by member (palStatementsAgentCopy). */
export const teamProfitLoss = { method: 'GET', path: '/wps/agent/team/profit-loss' } as const satisfies ApiCall;
/** The team's rounds over a period, newest first, with the period's totals (personalHistoryCopy, team betting). */
export const teamBets = { method: 'GET', path: '/wps/agent/team/bets' } as const satisfies ApiCall;
/** The team's money movements over a period, newest first, with totals by type (agentDownlineTransactionDetailsCopy). */
export const teamTransactions = { method: 'GET', path: '/wps/agent/team/transactions' } as const satisfies ApiCall;
/** The agent's invitation links, newest first (registerCenter). */
export const inviteLinks = { method: 'GET', path: '/wps/agent/invite-links' } as const satisfies ApiCall;
/** A new invitation link: a label and the account type a registrant gets. */
export const createInviteLink = { method: 'POST', path: '/wps/agent/invite-links' } as const satisfies ApiCall;
/** Disables one of the agent's links: a registration with its code is refused from then on. */
export const disableInviteLink = { method: 'POST', path: '/wps/agent/invite-links/disable' } as const satisfies ApiCall;
/** Creates a direct member (or sub-agent) of the agent with an account and password; idempotent by requestId. */
export const createDownlineAccount = { method: 'POST', path: '/wps/agent/team/accounts' } as const satisfies ApiCall;
/** The operator's announcements to agents, live ones newest first, 9 a page, each with read or not (agentAnnouncement). */
export const agentAnnouncements = { method: 'GET', path: '/wps/agent/announcements' } as const satisfies ApiCall;
/** Marks one of them read by the agent; answers how many stay unread. */
export const readAgentAnnouncement = {
  method: 'POST',
  path: '/wps/agent/announcements/read',
} as const satisfies ApiCall;

// Contracts (docs/decisions/0066-agent-contracts.md).
/** The consolidated contract info: each kind's waiting request, the caller's contracts up and down. */
export const contracts = { method: 'GET', path: '/wps/agent/contracts' } as const satisfies ApiCall;
/** One kind's contracts and history (`kind`). */
export const kindContracts = { method: 'GET', path: '/wps/agent/contracts/of-kind' } as const satisfies ApiCall;
/** An action on a contract of any kind: offer, accept, reject, cancel, requestTermination, confirmTermination… */
export const processContract = { method: 'POST', path: '/wps/agent/contracts/process' } as const satisfies ApiCall;
/** The dividend contracts (as kindContracts for `dividend`). */
export const dividendContracts = {
  method: 'GET',
  path: '/wps/relay/MCS2_processDividendReq',
} as const satisfies ApiCall;
/** The daily salary contracts (as kindContracts for `daily_salary`). */
export const dailySalaryContracts = {
  method: 'GET',
  path: '/wps/relay/MCS2_processDailySalContract',
} as const satisfies ApiCall;
/** An action on an hourly salary contract (as processContract for `hourly_salary`). */
export const processHourlySalaryContract = {
  method: 'POST',
  path: '/wps/relay/MCS2_processContractHourSalary',
} as const satisfies ApiCall;
/** An action on a real-time salary contract (as processContract for `realtime_salary`). */
export const processRealtimeSalaryContract = {
  method: 'POST',
  path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
} as const satisfies ApiCall;

// Settlement (docs/decisions/0068-contract-settlement-runs.md).
/** The caller's settlement lines, earned and paid out, by period with totals (agentRevenueReport and the kinds' records). */
export const agentIncome = { method: 'GET', path: '/wps/agent/income' } as const satisfies ApiCall;
