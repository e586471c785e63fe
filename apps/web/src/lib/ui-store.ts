import { create } from 'zustand';

interface UiState {
  /** The side menu: a drawer on phones, a column on wide screens. */
  isSideMenuOpen: boolean;
  /** The balance shown as *** when hidden. */
  isBalanceHidden: boolean;
  /**
   * The logout confirmation ('prompt' / 'are you sure to log out',
   * docs/product/site-shell-and-routes.md#logout-confirmation).
   */
  isLogoutConfirmOpen: boolean;
  setLogoutConfirmOpen: (open: boolean) => void;
  setSideMenuOpen: (open: boolean) => void;
  toggleSideMenu: () => void;
  toggleBalanceHidden: () => void;
}

/** From this width the side menu stands open beside the page; below it the menu covers the page and starts shut. */
export const WIDE_SCREEN_QUERY = '(min-width: 1100px)';

const wideScreen = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE_SCREEN_QUERY).matches === true;

export const useUiStore = create<UiState>()((set) => ({
  isSideMenuOpen: wideScreen(),
  isBalanceHidden: false,
  isLogoutConfirmOpen: false,
  setLogoutConfirmOpen: (isLogoutConfirmOpen) => set({ isLogoutConfirmOpen }),
  setSideMenuOpen: (open) => set({ isSideMenuOpen: open }),
  toggleSideMenu: () => set((state) => ({ isSideMenuOpen: !state.isSideMenuOpen })),
  toggleBalanceHidden: () => set((state) => ({ isBalanceHidden: !state.isBalanceHidden })),
}));
