import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@parlay/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useBrand } from '../../lib/brand';
import { useUiLanguage } from '../../lib/language';
import styles from './language-select.module.css';

/** The brand's languages that have a catalogue (KO and EN for the demo brand). */
export function LanguageSelect({ wide }: { wide?: boolean }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const { brand } = useBrand();
  const [language, setLanguage] = useUiLanguage();
  // Phones show the short code so the header keeps room for the sign-in buttons.
  const isNarrow = useMediaQuery('(max-width: 479px)') && !wide;
  const offered = TRANSLATED_LANGUAGES.filter((code) => brand.languages.includes(code));
  return (
    <div className={wide ? `${styles.wrap} ${styles.wide}` : styles.wrap}>
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={(event) => setLanguage(event.target.value as TranslatedLanguage)}
        data-language-select
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {isNarrow ? code : t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
