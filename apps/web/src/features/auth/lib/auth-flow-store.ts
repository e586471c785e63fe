import type { LoginChallenge } from '@parlay/contract';
import { create } from 'zustand';

interface AuthFlowState {
  /** The second check of a sign-in from a new IP, while it is open. */
  challenge: LoginChallenge | null;
  /** Who asked, to remember them once the check passes. */
  rememberAs: { remember: boolean; username: string; password: string } | null;
  /**
   * The password just typed at a sign-in that forces a change, so the dialog need not ask for it
   * again (docs/product/accounts.md#form-validation). Memory only: never written to any storage, dropped when the
   * dialog closes.
   */
  knownPassword: string | null;
  openChallenge: (challenge: LoginChallenge, rememberAs: AuthFlowState['rememberAs']) => void;
  closeChallenge: () => void;
  setKnownPassword: (password: string | null) => void;
}

export const useAuthFlowStore = create<AuthFlowState>()((set) => ({
  challenge: null,
  rememberAs: null,
  knownPassword: null,
  openChallenge: (challenge, rememberAs) => set({ challenge, rememberAs }),
  closeChallenge: () => set({ challenge: null, rememberAs: null }),
  setKnownPassword: (knownPassword) => set({ knownPassword }),
}));
