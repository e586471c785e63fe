import { create } from 'zustand';

/** Why player protection ended the member's session (decision 0042): the server's NOT_LOGGED_IN `reason`. */
export type SessionEndReason = 'sessionLimit' | 'timeOut' | 'selfExclusion';

interface SessionEndState {
  reason: SessionEndReason | null;
  clear: () => void;
}

/** The reason the last session ended, until the member has read it (features/protection shows it). */
export const useSessionEndStore = create<SessionEndState>()((set) => ({
  reason: null,
  clear: () => set({ reason: null }),
}));

export function isSessionEndReason(reason: unknown): reason is SessionEndReason {
  return reason === 'sessionLimit' || reason === 'timeOut' || reason === 'selfExclusion';
}

/** Keeps the reason a refused call's value gives, if it is one of player protection's. */
export function noteSessionEnd(value: unknown): void {
  const reason = (value as { reason?: unknown } | null | undefined)?.reason;
  if (isSessionEndReason(reason)) useSessionEndStore.setState({ reason });
}
