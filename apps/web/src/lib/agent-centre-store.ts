import { create } from 'zustand';

/**
 * Page keys of the agent centre panel (docs/product/agent-centre.md#pages), in menu order, spelt as the product
 * spells them (downlineManagmentView too). features/agent/pages.ts says which are built and when each shows.
 */
export const AGENT_CENTRE_PAGE_KEYS = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;

export type AgentCentrePage = (typeof AGENT_CENTRE_PAGE_KEYS)[number];

/** The page the panel opens on (docs/product/agent-centre.md#panel). */
export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePage = 'agentTeamOverview';

/** The phone's menu list: the view the panel opens on there, before a page is chosen. */
export const AGENT_CENTRE_MENU = 'menu';

export type AgentCentreView = AgentCentrePage | typeof AGENT_CENTRE_MENU;

interface AgentCentreState {
  /** The open view of the agent centre panel (features/agent), or null when closed. */
  page: AgentCentreView | null;
  /** Opens the panel on a page, or without one on the default page (on a phone, the menu list). */
  openAgentCentre: (page?: AgentCentrePage) => void;
  closeAgentCentre: () => void;
}

export const useAgentCentreStore = create<AgentCentreState>()((set) => ({
  page: null,
  openAgentCentre: (page) => set({ page: page ?? AGENT_CENTRE_MENU }),
  closeAgentCentre: () => set({ page: null }),
}));
