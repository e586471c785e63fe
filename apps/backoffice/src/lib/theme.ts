import { create } from 'zustand';
import { readLocal, writeLocal } from './storage';

export type Theme = 'dark' | 'light';

/** public/theme-init.js applies the remembered theme before the first paint. */
export function readStoredTheme(): Theme {
  return readLocal('theme') === 'light' ? 'light' : 'dark';
}

interface ThemeState {
  theme: Theme;
  toggleTheme: () => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: readStoredTheme(),
  toggleTheme: () => {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset['theme'] = theme;
    writeLocal('theme', theme);
    set({ theme });
  },
}));
