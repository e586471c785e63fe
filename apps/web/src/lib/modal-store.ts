import { create } from 'zustand';

/** What each modal (docs/product/site-shell-and-routes.md#dialogs) may be opened with. */
export interface ModalPayloads {
  changePassModal: { reason?: 'expired' | 'default' | 'firstLogin' };
  forgetPassModal: { tab?: 'email' | 'mobile'; resetToken?: string };
  loginPopupModal: { tab?: 'username' | 'sms'; message?: string };
  registerModal: { tab?: 'username' | 'mobile'; referralCode?: string; affiliateCode?: string };
  noticeModal: { noticeId?: number };
  /** After registering: the new member's welcome and next step, shown once (decision 0072). */
  welcomeModal: { name?: string };
}

export type ModalName = keyof ModalPayloads;

export const MODAL_NAMES = [
  'changePassModal',
  'forgetPassModal',
  'loginPopupModal',
  'registerModal',
  'noticeModal',
  'welcomeModal',
] as const satisfies readonly ModalName[];

type OpenModal = { [Name in ModalName]: { name: Name; payload: ModalPayloads[Name] } }[ModalName];

interface ModalState {
  /** One product modal at a time: opening another (login → register) replaces it. */
  current: OpenModal | null;
  openModal: <Name extends ModalName>(name: Name, payload?: ModalPayloads[Name]) => void;
  closeModal: (name?: ModalName) => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  current: null,
  openModal: (name, payload) => set({ current: { name, payload: payload ?? {} } as OpenModal }),
  closeModal: (name) => set((state) => (name && state.current?.name !== name ? state : { current: null })),
}));

/** Whether `name` is open, and its payload; for the component that renders that modal. */
export function useModal<Name extends ModalName>(name: Name) {
  const current = useModalStore((state) => state.current);
  const closeModal = useModalStore((state) => state.closeModal);
  const isOpen = current?.name === name;
  return {
    isOpen,
    payload: (isOpen ? current.payload : {}) as ModalPayloads[Name],
    close: () => closeModal(name),
    onOpenChange: (open: boolean) => {
      if (!open) closeModal(name);
    },
  };
}

export function openModal<Name extends ModalName>(name: Name, payload?: ModalPayloads[Name]) {
  useModalStore.getState().openModal(name, payload);
}
