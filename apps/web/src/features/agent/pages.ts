import { WHITELABEL, type WhitelabelModule } from '@parlay/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { DEFAULT_AGENT_CENTRE_PAGE, type AgentCentrePage } from '../../lib/agent-centre-store';
import { isAgentType } from './lib/agent-types';
import { prefetchAgentAnnouncements } from './pages/agent-announcement/api/agent-announcements';
import { prefetchTeamOverview } from './pages/agent-team-overview/api/get-team-overview';
import { prefetchKindContracts } from './pages/contracts/api/contracts';
import { prefetchInviteLinks } from './pages/register-center/api/invite-links';

/** A page of the agent centre panel (docs/product/agent-centre.md#pages). */
export interface AgentCentrePageEntry {
  key: AgentCentrePage;
  /** The brand's whitelabel module that must be on for the entry to show; absent: always shown. */
  flag?: WhitelabelModule;
  /** Its chunk; null while the page is not built: the menu never shows an entry without a page. */
  load: (() => Promise<{ default: ComponentType }>) | null;
  /** The page's first data, which the panel waits for before it shows (a failure shows the page's own error). */
  prefetch?: (client: QueryClient, token: string | null) => Promise<unknown>;
}

/**
 * Every page of the agent centre, in menu order, with its condition; each later page fills its `load` (and a
 * `prefetch` when it has first data to wait for). pages.test.ts holds this list to AGENT_CENTRE_PAGE_KEYS.
 */
export const AGENT_CENTRE_PAGES: readonly AgentCentrePageEntry[] = [
  {
    key: 'agentAnnouncement',
    load: () => import('./pages/agent-announcement'),
    prefetch: prefetchAgentAnnouncements,
  },
  {
    key: 'agentTeamOverview',
    load: () => import('./pages/agent-team-overview'),
    prefetch: prefetchTeamOverview,
  },
  {
    key: 'registerCenter',
    load: () => import('./pages/register-center'),
    prefetch: prefetchInviteLinks,
  },
  { key: 'downlineManagmentView', load: () => import('./pages/downline-managment-view') },
  { key: 'personalHistoryCopy', load: () => import('./pages/personal-history-copy') },
  { key: 'palStatementsAgentCopy', load: () => import('./pages/pal-statements-agent-copy') },
  { key: 'agentRevenueReport', load: () => import('./pages/agent-revenue-report') },
  {
    key: 'agentDownlineTransactionDetailsCopy',
    load: () => import('./pages/agent-downline-transaction-details-copy'),
  },
  // The contract pages: one page (pages/contracts) for each kind.
  {
    key: 'agentDividendRecordCopy2',
    flag: WHITELABEL.DIVIDEND_CONTRACT,
    load: () => import('./pages/contracts/dividend'),
    prefetch: prefetchKindContracts('dividend'),
  },
  {
    key: 'agentDailyWages2',
    flag: WHITELABEL.SALARY,
    load: () => import('./pages/contracts/daily-salary'),
    prefetch: prefetchKindContracts('daily_salary'),
  },
  {
    key: 'agentHourSalary',
    flag: WHITELABEL.HOURLY_SALARY,
    load: () => import('./pages/contracts/hourly-salary'),
    prefetch: prefetchKindContracts('hourly_salary'),
  },
  {
    key: 'agentRealtimeSalary',
    flag: WHITELABEL.REALTIME_SALARY,
    load: () => import('./pages/contracts/realtime-salary'),
    prefetch: prefetchKindContracts('realtime_salary'),
  },
];

/** An entry whose page is built. */
export type BuiltAgentCentrePageEntry = AgentCentrePageEntry & {
  load: NonNullable<AgentCentrePageEntry['load']>;
};

/**
 * The entries the menu shows to an account of `type` on a brand whose modules `isEnabled` reads: none to a
 * non-agent; to an agent the built pages whose flag, if any, is on.
 */
export function visibleAgentCentrePages(
  type: number | null | undefined,
  isEnabled: (module: WhitelabelModule) => boolean,
  entries: readonly AgentCentrePageEntry[] = AGENT_CENTRE_PAGES,
): BuiltAgentCentrePageEntry[] {
  if (!isAgentType(type)) return [];
  return entries.filter(
    (entry): entry is BuiltAgentCentrePageEntry =>
      entry.load !== null && (entry.flag === undefined || isEnabled(entry.flag)),
  );
}

/** The page the panel opens on among `visible`: agentTeamOverview, or the first while that one is hidden. */
export function defaultAgentCentrePage(visible: readonly AgentCentrePageEntry[]): AgentCentrePage | null {
  return visible.some((entry) => entry.key === DEFAULT_AGENT_CENTRE_PAGE)
    ? DEFAULT_AGENT_CENTRE_PAGE
    : (visible[0]?.key ?? null);
}
