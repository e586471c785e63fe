import { SetCurrencyRequestSchema } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

/**
 * The currency, its symbol and the exponent of its minor unit. While members hold a balance only the symbol may
 * change (balances are kept in minor units of the currency): the page says so and locks the other two.
 */
export function CurrencyCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { currency } = settings;
  const { save, failure, isSaving } = useSavePart('currency');
  const [code, setCode] = useState(currency.code);
  const [symbol, setSymbol] = useState(currency.symbol);
  const [exponent, setExponent] = useState(String(currency.exponent));
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const isLocked = currency.membersWithBalance > 0;
  const isDirty = code !== currency.code || symbol !== currency.symbol || exponent !== String(currency.exponent);

  async function onSubmit() {
    const checked = checkWith(SetCurrencyRequestSchema, {
      currency: code,
      currencySymbol: symbol,
      currencyExponent: Number(exponent),
      version: settings.version,
    });
    if (!checked.data) {
      setFailed(checked.failed);
      return;
    }
    setFailed(new Set());
    const { version: _version, ...change } = checked.data;
    if (await save(change)) setCode(change.currency);
  }

  return (
    <BrandCard
      id="currency"
      title={t('currency.title')}
      description={t('currency.text')}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      {isLocked && <p className={styles.note}>{t('currency.locked', { count: currency.membersWithBalance })}</p>}
      <div className={styles.threeColumns}>
        <TextField
          label={t('currency.code')}
          hint={t('currency.codeHint')}
          value={code}
          maxLength={3}
          readOnly={!canWrite || isLocked}
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          error={failed.has('currency') ? t('currency.codeRule') : undefined}
        />
        <TextField
          label={t('currency.symbol')}
          value={symbol}
          maxLength={8}
          readOnly={!canWrite}
          onChange={(event) => setSymbol(event.target.value)}
          error={failed.has('currencySymbol') ? t('currency.symbolRule') : undefined}
        />
        <TextField
          type="number"
          label={t('currency.exponent')}
          hint={t('currency.exponentHint')}
          value={exponent}
          min={0}
          max={4}
          readOnly={!canWrite || isLocked}
          onChange={(event) => setExponent(event.target.value)}
          error={failed.has('currencyExponent') ? t('currency.exponentRule') : undefined}
        />
      </div>
    </BrandCard>
  );
}
