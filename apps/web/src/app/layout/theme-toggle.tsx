import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useThemeStore } from '../../lib/theme';
import styles from './theme-toggle.module.css';

/** The header's theme switch; the choice is remembered in localStorage 'theme'. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
      onClick={toggleTheme}
      data-theme-toggle
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={20} />
    </button>
  );
}
