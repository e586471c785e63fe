import { create } from 'zustand';

/** Page keys of the member centre panel (docs/product/member-centre.md#member-centre-pages) that the shell links to. */
export type MemberCentrePage =
  | 'securityCenter'
  | 'depositv2'
  | 'withdraw'
  | 'personalHistoryCopy'
  | 'manualRebate'
  | 'transactionHistory'
  | 'personalProfit'
  | 'rewardCenter'
  | 'referral'
  | 'messageV2';

interface MemberCentreState {
  /** The open page of the member centre panel, or null when closed. */
  page: MemberCentrePage | null;
  openMemberCentre: (page?: MemberCentrePage) => void;
  closeMemberCentre: () => void;
}

export const useMemberCentreStore = create<MemberCentreState>()((set) => ({
  page: null,
  openMemberCentre: (page = 'securityCenter') => set({ page }),
  closeMemberCentre: () => set({ page: null }),
}));
