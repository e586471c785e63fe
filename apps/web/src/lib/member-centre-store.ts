import { create } from 'zustand';

/** Page keys of the member centre panel (docs/product/member-centre.md#member-centre-pages), in menu order. */
export const MEMBER_CENTRE_PAGE_KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'manualRebate',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
  'profile',
  'responsibleGaming',
] as const;

export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGE_KEYS)[number];

/**
 * The pages that are built, in menu order: the keys of features/member/pages.ts (a test holds the two equal).
 * The shell shows a member link only when its page is here, without importing the panel's lazy registry.
 * Adding a page: its entry in pages.ts and its key here.
 */
export const BUILT_MEMBER_CENTRE_PAGES: readonly MemberCentrePage[] = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'manualRebate',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
  'profile',
  'responsibleGaming',
];

export function isBuiltMemberCentrePage(page: string | null | undefined): page is MemberCentrePage {
  return (BUILT_MEMBER_CENTRE_PAGES as readonly string[]).includes(page ?? '');
}

/** The page the panel opens on: securityCenter, or the first built page while that one is not built. */
export function defaultMemberCentrePage(): MemberCentrePage | null {
  return isBuiltMemberCentrePage('securityCenter') ? 'securityCenter' : (BUILT_MEMBER_CENTRE_PAGES[0] ?? null);
}

/** The search parameter that holds the open page (`?mc=transactionHistory`; `?mc=menu` the phone's menu list). */
export const MEMBER_CENTRE_PARAM = 'mc';
export const MEMBER_CENTRE_MENU = 'menu';

/** What the panel shows: a page, or (on a phone) its menu list. */
export type MemberCentreView = MemberCentrePage | typeof MEMBER_CENTRE_MENU;

/**
 * The view a `mc` value asks for: null when absent (closed); an unknown or unbuilt key falls back to the
 * default page.
 */
export function parseMemberCentreView(value: string | null): MemberCentreView | null {
  if (value === null) return null;
  if (value === MEMBER_CENTRE_MENU) return MEMBER_CENTRE_MENU;
  if (isBuiltMemberCentrePage(value)) return value;
  return defaultMemberCentrePage();
}

function viewAtStart(): MemberCentreView | null {
  if (typeof window === 'undefined') return null;
  return parseMemberCentreView(new URLSearchParams(window.location.search).get(MEMBER_CENTRE_PARAM));
}

interface MemberCentreState {
  /**
   * The open view of the member centre panel, or null when closed. A link with `?mc=` opens it at start; the
   * panel (features/member) keeps it and the URL in step.
   */
  page: MemberCentreView | null;
  /** Opens the panel: on a page, or without one on the default page (on a phone, the menu list). */
  openMemberCentre: (page?: MemberCentrePage) => void;
  closeMemberCentre: () => void;
}

export const useMemberCentreStore = create<MemberCentreState>()((set) => ({
  page: viewAtStart(),
  openMemberCentre: (page) => set({ page: page ?? MEMBER_CENTRE_MENU }),
  closeMemberCentre: () => set({ page: null }),
}));
