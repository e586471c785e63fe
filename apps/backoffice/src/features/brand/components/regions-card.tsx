import { SetRegionBlocksRequestSchema } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

const splitList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The countries and IP ranges whose visitors see the restricted page instead of the site. */
export function RegionsCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { save, failure, isSaving } = useSavePart('regions');
  const opened = { countries: settings.regions.countries.join(', '), ips: settings.regions.ips.join('\n') };
  const [countries, setCountries] = useState(opened.countries);
  const [ips, setIps] = useState(opened.ips);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const isDirty = countries !== opened.countries || ips !== opened.ips;

  async function onSubmit() {
    const checked = checkWith(SetRegionBlocksRequestSchema, {
      countries: splitList(countries),
      ips: splitList(ips),
      version: settings.version,
    });
    if (!checked.data) {
      setFailed(new Set([...checked.failed].map((path) => path.split('.')[0] ?? path)));
      return;
    }
    setFailed(new Set());
    const { version: _version, ...rules } = checked.data;
    if (await save(rules)) {
      setCountries(rules.countries.join(', '));
    }
  }

  return (
    <BrandCard
      id="regions"
      title={t('regions.title')}
      description={t('regions.text')}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className={styles.row}>
        <TextAreaField
          label={t('regions.countries')}
          hint={t('regions.countriesHint')}
          value={countries}
          readOnly={!canWrite}
          spellCheck={false}
          autoCapitalize="characters"
          onChange={(event) => setCountries(event.target.value)}
          error={failed.has('countries') ? t('regions.countriesRule') : undefined}
        />
        <TextAreaField
          label={t('regions.ips')}
          hint={t('regions.ipsHint')}
          value={ips}
          rows={4}
          readOnly={!canWrite}
          spellCheck={false}
          onChange={(event) => setIps(event.target.value)}
          error={failed.has('ips') ? t('regions.ipsRule') : undefined}
        />
      </div>
    </BrandCard>
  );
}
