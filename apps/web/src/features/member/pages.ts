import type { ComponentType } from 'react';
import type { MemberCentrePage } from '../../lib/member-centre-store';
import { useMissionBadge } from './pages/mission-leaderboard/api/get-mission-summary';
import { useUnreadBadge } from './pages/message-v2/api/get-unread-count';

/** A page of the member centre panel: its key and its chunk (docs/product/member-centre.md#panel). */
export interface MemberCentrePageEntry {
  key: MemberCentrePage;
  load: () => Promise<{ default: ComponentType }>;
  /** The count the menu shows beside the entry when above 0 (missionLeaderboard's mission count); a hook. */
  useBadge?: () => number;
}

/**
 * The built pages, in menu order; the menu shows only these. Each page engineer adds one line, and its key to
 * BUILT_MEMBER_CENTRE_PAGES in lib/member-centre-store.ts (pages.test.ts holds the two equal).
 */
export const MEMBER_CENTRE_PAGES: readonly MemberCentrePageEntry[] = [
  { key: 'securityCenter', load: () => import('./pages/security-center') },
  { key: 'transferFund', load: () => import('./pages/transfer-fund') },
  { key: 'depositv2', load: () => import('./pages/depositv2') },
  { key: 'withdraw', load: () => import('./pages/withdraw') },
  { key: 'transferUpline', load: () => import('./pages/transfer-upline') },
  { key: 'personalHistoryCopy', load: () => import('./pages/personal-history-copy') },
  { key: 'manualRebate', load: () => import('./pages/manual-rebate') },
  { key: 'transactionHistory', load: () => import('./pages/transaction-history') },
  { key: 'personalProfit', load: () => import('./pages/personal-profit') },
  { key: 'bonusDetails', load: () => import('./pages/bonus-details') },
  { key: 'rewardCenter', load: () => import('./pages/reward-center') },
  { key: 'referral', load: () => import('./pages/referral') },
  {
    key: 'missionLeaderboard',
    load: () => import('./pages/mission-leaderboard'),
    useBadge: useMissionBadge,
  },
  { key: 'messageV2', load: () => import('./pages/message-v2'), useBadge: useUnreadBadge },
  { key: 'playerRank', load: () => import('./pages/player-rank') },
  { key: 'profile', load: () => import('./pages/profile') },
  { key: 'responsibleGaming', load: () => import('./pages/responsible-gaming') },
];
