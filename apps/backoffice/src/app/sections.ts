import type { Permission } from '@parlay/contract';
import type { IconName } from '../components/ui/icon';

/**
 * The sections of the sidebar, each shown to an operator whose roles grant its permission. Only built pages are
 * here: the others join as their pages land (issue 32), brand sections under /brands/:brand/. The dashboard comes
 * first: it is the home of an operator whose roles read it (routes/home-page.tsx).
 */
export interface Section {
  id:
    | 'dashboard'
    | 'reports'
    | 'operators'
    | 'audit'
    | 'ipAllowList'
    | 'players'
    | 'messages'
    | 'feedback'
    | 'support'
    | 'withdrawals'
    | 'withdrawalSettings'
    | 'points'
    | 'rebates'
    | 'bonusPromotions'
    | 'memberBonuses'
    | 'applications'
    | 'referralSettings'
    | 'abuseFlags'
    | 'missions'
    | 'leaderboards'
    | 'raffles'
    | 'agentTree'
    | 'agentContracts'
    | 'agentSettlements'
    | 'deposits'
    | 'paymentMethods'
    | 'vipLevels'
    | 'vipMembers'
    | 'vipChanges'
    | 'kyc'
    | 'cashierSettings'
    | 'pointProducts'
    | 'pointExchanges'
    | 'brandSettings'
    | 'content'
    | 'games'
    | 'openRounds'
    | 'houseLimits'
    | 'lotteryGames'
    | 'lotteryDraws'
    | 'lotteryResults'
    | 'lotterySeaResults'
    | 'vendors'
    | 'keys';
  permission: Permission;
  icon: IconName;
  /** Platform pages have one address; a brand's page is under /brands/:brand/. */
  scope: 'platform' | 'brand';
  /** The path under the scope: /operators, or /brands/<brand>/ip-allow-list. */
  path: string;
  /** Shown only to an operator of every brand: what the section changes, every brand shares (the keys). */
  platformWide?: boolean;
}

export const SECTIONS: readonly Section[] = [
  { id: 'dashboard', permission: 'dashboard.read', icon: 'chart', scope: 'brand', path: 'dashboard' },
  { id: 'reports', permission: 'reports.read', icon: 'table', scope: 'brand', path: 'reports' },
  { id: 'players', permission: 'players.read', icon: 'user', scope: 'brand', path: 'players' },
  { id: 'messages', permission: 'messages.read', icon: 'megaphone', scope: 'brand', path: 'messages' },
  { id: 'feedback', permission: 'messages.read', icon: 'record', scope: 'brand', path: 'feedback' },
  { id: 'support', permission: 'messages.read', icon: 'users', scope: 'brand', path: 'support' },
  { id: 'withdrawals', permission: 'withdrawals.read', icon: 'table', scope: 'brand', path: 'withdrawals' },
  {
    id: 'withdrawalSettings',
    permission: 'withdrawals.read',
    icon: 'sliders',
    scope: 'brand',
    path: 'withdrawal-settings',
  },
  { id: 'points', permission: 'points.read', icon: 'sliders', scope: 'brand', path: 'points' },
  { id: 'rebates', permission: 'deposits.read', icon: 'sliders', scope: 'brand', path: 'rebates' },
  { id: 'bonusPromotions', permission: 'brand.read', icon: 'megaphone', scope: 'brand', path: 'bonuses/promotions' },
  { id: 'memberBonuses', permission: 'players.read', icon: 'users', scope: 'brand', path: 'bonuses/members' },
  { id: 'applications', permission: 'players.read', icon: 'check', scope: 'brand', path: 'bonuses/applications' },
  { id: 'referralSettings', permission: 'brand.read', icon: 'users', scope: 'brand', path: 'bonuses/referrals' },
  { id: 'abuseFlags', permission: 'players.read', icon: 'shield', scope: 'brand', path: 'bonuses/abuse-flags' },
  { id: 'missions', permission: 'brand.read', icon: 'star', scope: 'brand', path: 'missions' },
  { id: 'leaderboards', permission: 'brand.read', icon: 'chart', scope: 'brand', path: 'leaderboards' },
  { id: 'raffles', permission: 'brand.read', icon: 'star', scope: 'brand', path: 'raffles' },
  { id: 'agentTree', permission: 'brand.read', icon: 'users', scope: 'brand', path: 'agent-tree' },
  { id: 'agentContracts', permission: 'brand.read', icon: 'record', scope: 'brand', path: 'agent-contracts' },
  { id: 'agentSettlements', permission: 'brand.read', icon: 'table', scope: 'brand', path: 'agent-settlements' },
  { id: 'deposits', permission: 'deposits.read', icon: 'table', scope: 'brand', path: 'deposits' },
  { id: 'paymentMethods', permission: 'deposits.read', icon: 'sliders', scope: 'brand', path: 'payment-methods' },
  { id: 'vipLevels', permission: 'vip.read', icon: 'sliders', scope: 'brand', path: 'vip' },
  { id: 'vipMembers', permission: 'vip.read', icon: 'users', scope: 'brand', path: 'vip-members' },
  { id: 'vipChanges', permission: 'vip.read', icon: 'record', scope: 'brand', path: 'vip-changes' },
  { id: 'kyc', permission: 'kyc.review', icon: 'shield', scope: 'brand', path: 'kyc' },
  { id: 'cashierSettings', permission: 'brand.read', icon: 'sliders', scope: 'brand', path: 'kyc-settings' },
  { id: 'pointProducts', permission: 'pointMall.read', icon: 'grid', scope: 'brand', path: 'point-mall/products' },
  { id: 'pointExchanges', permission: 'pointMall.read', icon: 'table', scope: 'brand', path: 'point-mall/exchanges' },
  { id: 'operators', permission: 'operators.read', icon: 'users', scope: 'platform', path: '/operators' },
  { id: 'brandSettings', permission: 'brand.read', icon: 'palette', scope: 'brand', path: 'settings' },
  { id: 'content', permission: 'content.read', icon: 'megaphone', scope: 'brand', path: 'content' },
  { id: 'games', permission: 'games.read', icon: 'grid', scope: 'brand', path: 'games' },
  { id: 'openRounds', permission: 'rounds.close', icon: 'clock', scope: 'brand', path: 'open-rounds' },
  { id: 'houseLimits', permission: 'games.read', icon: 'sliders', scope: 'brand', path: 'house-limits' },
  { id: 'lotteryGames', permission: 'games.read', icon: 'sliders', scope: 'brand', path: 'lottery/games' },
  { id: 'lotteryDraws', permission: 'games.read', icon: 'clock', scope: 'brand', path: 'lottery/draws' },
  { id: 'lotteryResults', permission: 'games.read', icon: 'check', scope: 'brand', path: 'lottery/results' },
  { id: 'lotterySeaResults', permission: 'games.read', icon: 'check', scope: 'brand', path: 'lottery/sea-results' },
  { id: 'ipAllowList', permission: 'operators.read', icon: 'shield', scope: 'brand', path: 'ip-allow-list' },
  { id: 'vendors', permission: 'games.read', icon: 'server', scope: 'platform', path: '/vendors' },
  { id: 'keys', permission: 'keys.rotate', icon: 'key', scope: 'platform', path: '/keys', platformWide: true },
  { id: 'audit', permission: 'audit.read', icon: 'record', scope: 'platform', path: '/audit' },
];

/** The address of a section, or null for a brand's section when the operator has no brand. */
export function sectionPath(section: Section, brand: string | null): string | null {
  if (section.scope === 'platform') return section.path;
  return brand ? `/brands/${encodeURIComponent(brand)}/${section.path}` : null;
}

/** The sections the operator's roles open; a platform-wide one only for an operator of every brand. */
export function visibleSections(permissions: readonly Permission[], allBrands = false): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission) && (!section.platformWide || allBrands));
}
