import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { useUiLanguage } from '../../lib/language';
import { useThemeStore } from '../../lib/theme';
import styles from './topbar.module.css';

/** Below this width (a phone) the top bar keeps one line: the toggles move into the operator's menu. */
const NARROW_QUERY = '(max-width: 599px)';

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's width, where the top bar's toggles are in the operator's menu. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/** The theme and language switches with their names, for the toggles and for the operator's menu. */
export function usePreferences() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const [language, setLanguage] = useUiLanguage();
  return {
    theme,
    toggleTheme,
    themeLabel: theme === 'dark' ? t('theme.toLight') : t('theme.toDark'),
    language,
    toggleLanguage: () => setLanguage(language === 'KO' ? 'EN' : 'KO'),
    languageLabel: language === 'KO' ? 'Switch to English' : '한국어로 보기',
    /** The language the switch names, as its own words are in it. */
    otherLang: language === 'KO' ? 'en' : 'ko',
  };
}

/** The theme (dark or light) and the language (KO or EN), each remembered on this browser. */
export function PreferenceToggles() {
  const { theme, toggleTheme, themeLabel, language, toggleLanguage, languageLabel, otherLang } = usePreferences();
  return (
    <div className={styles.toggles}>
      <button type="button" className={styles.iconButton} aria-label={themeLabel} onClick={toggleTheme}>
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      </button>
      <button
        type="button"
        className={styles.languageButton}
        aria-label={languageLabel}
        lang={otherLang}
        onClick={toggleLanguage}
      >
        <Icon name="globe" size={16} />
        {language === 'KO' ? 'EN' : '한국어'}
      </button>
    </div>
  );
}
