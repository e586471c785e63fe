import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useThemeStore } from '../../lib/theme';
import styles from './theme-toggle.module.css';

export function ThemeToggle({ className, withLabel }: { className?: string; withLabel?: boolean }) {
  const { t } = useTranslation('shell');
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      className={[withLabel ? styles.row : styles.toggle, className].filter(Boolean).join(' ')}
      aria-label={withLabel ? undefined : label}
      onClick={toggleTheme}
      data-theme-toggle
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={withLabel ? 18 : 20} />
      {withLabel && <span>{label}</span>}
    </button>
  );
}
