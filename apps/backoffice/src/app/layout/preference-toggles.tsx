import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useUiLanguage } from '../../lib/language';
import { useThemeStore } from '../../lib/theme';
import styles from './topbar.module.css';

/** The theme (dark or light) and the language (KO or EN), each remembered on this browser. */
export function PreferenceToggles() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const [language, setLanguage] = useUiLanguage();
  return (
    <div className={styles.toggles}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        onClick={toggleTheme}
      >
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      </button>
      <button
        type="button"
        className={styles.languageButton}
        aria-label={language === 'KO' ? 'Switch to English' : '한국어로 보기'}
        lang={language === 'KO' ? 'en' : 'ko'}
        onClick={() => setLanguage(language === 'KO' ? 'EN' : 'KO')}
      >
        <Icon name="globe" size={16} />
        {language === 'KO' ? 'EN' : '한국어'}
      </button>
    </div>
  );
}
