// The agent centre (issue 37; decision 0059): the downline tree (member_tree, kept by the database), the check every
// agent call makes that a member is in the caller's downline, the team calls, the team's overview (decision 0061), and
// the back office's tree with moves.
// Code outside agents imports this file only.
export { DownlineService, type AgentCaller } from './agents.service';
export { agentsRoutes } from './agents.routes';
export { AgentAccountsService } from './agent-accounts';
export { agentAccountsRoutes } from './agent-accounts.routes';
export { AgentContractsService } from './contracts';
export { agentContractsRoutes } from './contracts.routes';
export { TeamOverviewService } from './team-overview';
export { TeamProfitLossService } from './team-profit-loss';
export { TeamRecordsService } from './team-records';
export { agentsBackofficeRoutes } from './agents.bo-routes';
export { AgentSettlementService } from './settlements';
export { agentSettlementRoutes } from './settlements.routes';
export { agentSettlementsBackofficeRoutes } from './settlements.bo-routes';
export { AgentSettingsService } from './agent-settings';
export { agentSettingsBackofficeRoutes } from './agent-settings.bo-routes';
