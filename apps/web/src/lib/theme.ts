import { create } from 'zustand';
import { LOCAL_KEYS } from './storage';

export type Theme = 'dark' | 'light';

/** index.html applies the remembered theme before the first paint, so there is no flash on load. */
export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(LOCAL_KEYS.theme) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

function applyTheme(theme: Theme) {
  document.documentElement.dataset['theme'] = theme;
  try {
    localStorage.setItem(LOCAL_KEYS.theme, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));
