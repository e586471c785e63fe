import { create } from 'zustand';

export interface Toast {
  id: number;
  tone: 'success' | 'error';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  show: (tone: Toast['tone'], text: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** The results of actions, said once in a corner: "Saved", or the server's refusal in its own words. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (tone, text) => set((state) => ({ toasts: [...state.toasts.slice(-3), { id: nextId++, tone, text }] })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export const toast = {
  success: (text: string) => useToastStore.getState().show('success', text),
  error: (text: string) => useToastStore.getState().show('error', text),
};
