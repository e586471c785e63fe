import { LANGUAGES, SetLanguagesRequestSchema, type Language } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, CheckboxGroup, SelectField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

/** The languages the site offers its visitors, and the one it opens in. */
export function LanguagesCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { save, failure, isSaving } = useSavePart('languages');
  const [languages, setLanguages] = useState<Language[]>(settings.languages);
  const [defaultLanguage, setDefaultLanguage] = useState<Language>(settings.defaultLanguage);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const isDirty = defaultLanguage !== settings.defaultLanguage || languages.join() !== settings.languages.join();
  const names = new Intl.DisplayNames([t('locale')], { type: 'language' });
  const nameOf = (code: Language) => `${names.of(code.toLowerCase()) ?? code} (${code})`;

  const toggle = (code: Language, on: boolean) =>
    setLanguages((current) =>
      on
        ? LANGUAGES.filter((item) => item === code || current.includes(item))
        : current.filter((item) => item !== code),
    );

  async function onSubmit() {
    const checked = checkWith(SetLanguagesRequestSchema, { languages, defaultLanguage, version: settings.version });
    if (!checked.data) {
      setFailed(checked.failed);
      return;
    }
    setFailed(new Set());
    const { version: _version, ...change } = checked.data;
    await save(change);
  }

  return (
    <BrandCard
      id="languages"
      title={t('languages.title')}
      description={t('languages.text')}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <CheckboxGroup
        legend={t('languages.offered')}
        error={failed.has('languages') ? t('languages.offeredRule') : undefined}
      >
        <div className={styles.languageGrid}>
          {LANGUAGES.map((code) => (
            <Checkbox
              key={code}
              label={nameOf(code)}
              checked={languages.includes(code)}
              disabled={!canWrite}
              onChange={(event) => toggle(code, event.target.checked)}
            />
          ))}
        </div>
      </CheckboxGroup>
      <div className={styles.narrow}>
        <SelectField
          label={t('languages.default')}
          value={defaultLanguage}
          disabled={!canWrite}
          onChange={(event) => setDefaultLanguage(event.target.value as Language)}
          error={failed.has('defaultLanguage') ? t('languages.defaultRule') : undefined}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {nameOf(code)}
            </option>
          ))}
        </SelectField>
      </div>
    </BrandCard>
  );
}
