import i18next from 'i18next';
import { create } from 'zustand';
import { openModal } from './modal-store';
import { isFreePlayGuest, isRealAccount, useSessionStore } from './session-store';

interface AccountGateState {
  /** The in_need_true_account warning (docs/product/accounts.md#protected-actions), rendered by the auth feature. */
  isTrueAccountWarningOpen: boolean;
  setTrueAccountWarningOpen: (open: boolean) => void;
}

export const useAccountGateStore = create<AccountGateState>()((set) => ({
  isTrueAccountWarningOpen: false,
  setTrueAccountWarningOpen: (isTrueAccountWarningOpen) => set({ isTrueAccountWarningOpen }),
}));

/**
 * The gate of a protected action (docs/product/accounts.md#protected-actions): a visitor gets 'not logged in' and the
 * login popup, a trial (type 4) account or a free-play guest gets the in_need_true_account warning; true means go
 * ahead.
 */
export function guardProtectedAction(): boolean {
  const { isSignedIn, isAgent, member } = useSessionStore.getState();
  if (!isSignedIn) {
    openModal('loginPopupModal', { message: i18next.t('shell:notLoggedIn') });
    return false;
  }
  if (!isRealAccount(isAgent) || isFreePlayGuest(member)) {
    useAccountGateStore.getState().setTrueAccountWarningOpen(true);
    return false;
  }
  return true;
}
