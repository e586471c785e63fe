import { create } from 'zustand';

interface SupportChatState {
  /** The chat panel is open. */
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/** Whether the support chat's panel is open (docs/product/site-shell-and-routes.md#support-chat). */
export const useSupportChatStore = create<SupportChatState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
