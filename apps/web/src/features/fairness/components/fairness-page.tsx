import { hashServerSeed, VERIFIABLE_GAMES, verifyRound, type VerifyOutput } from '@parlay/fairness';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../lib/page-title';
import { FIELDS_OF, fieldsFromQuery, toVerifyInput, type VerifyField, type VerifyFields } from '../lib/verify-form';
import styles from './fairness.module.css';
import { Outcome } from './outcome';

const RISKS = ['low', 'medium', 'high'] as const;

/**
 * /fairness: how our own games decide their results, and a verifier that recomputes any round in the browser from its
 * seeds (docs/product/site-shell-and-routes.md#fairness). A round's record links here with its inputs in the query;
 * a round the address names whole is recomputed at once.
 */
export function FairnessPage() {
  const { t } = useTranslation('fairness');
  const [query] = useSearchParams();
  const [fields, setFields] = useState<VerifyFields>(() => fieldsFromQuery(query));
  const [errors, setErrors] = useState<Partial<Record<VerifyField, string>>>({});
  const [result, setResult] = useState<VerifyOutput | null>(() => {
    const opened = toVerifyInput(fieldsFromQuery(query));
    return query.has('game') && opened.input ? verifyRound(opened.input) : null;
  });
  const id = useId();

  const set = (field: keyof VerifyFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toVerifyInput(fields);
    if (checked.errors) {
      setErrors(checked.errors);
      setResult(null);
      return;
    }
    setErrors({});
    setResult(verifyRound(checked.input));
  };

  const computedHash =
    result && 'serverSeedHash' in result && fields.serverSeed ? hashServerSeed(fields.serverSeed) : null;
  const hashCheck = computedHash && fields.serverSeedHash ? computedHash === fields.serverSeedHash : null;

  const input = (field: VerifyField, extra: { inputMode?: 'numeric'; mono?: boolean } = {}) => (
    <div className={styles.field} key={field}>
      <label htmlFor={`${id}-${field}`}>{t(`form.${field}`)}</label>
      {field === 'risk' ? (
        <select
          id={`${id}-${field}`}
          className={styles.input}
          value={fields.risk}
          onChange={(event) => set('risk', event.target.value)}
        >
          {RISKS.map((risk) => (
            <option key={risk} value={risk}>
              {t(`form.risks.${risk}`)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={`${id}-${field}`}
          className={extra.mono ? `${styles.input} ${styles.mono}` : styles.input}
          value={fields[field]}
          inputMode={extra.inputMode}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
      {errors[field] && (
        <p id={`${id}-${field}-error`} className={styles.error}>
          {t(`errors.${errors[field]}`)}
        </p>
      )}
    </div>
  );

  return (
    <div className={styles.page}>
      <PageTitle name={t('title')} />
      <header className={styles.header}>
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>

      <section className={styles.card} aria-labelledby={`${id}-how`}>
        <h2 id={`${id}-how`}>{t('how.title')}</h2>
        <ol className={styles.steps}>
          {(['commit', 'client', 'floats', 'reveal'] as const).map((step) => (
            <li key={step}>{t(`how.${step}`)}</li>
          ))}
        </ol>
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby={`${id}-form`}>
          <h2 id={`${id}-form`}>{t('form.title')}</h2>
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            <div className={styles.field}>
              <label htmlFor={`${id}-game`}>{t('form.game')}</label>
              <select
                id={`${id}-game`}
                className={styles.input}
                value={fields.game}
                onChange={(event) => {
                  set('game', event.target.value);
                  setResult(null);
                }}
              >
                {VERIFIABLE_GAMES.map((game) => (
                  <option key={game} value={game}>
                    {t(`games.${game}`)}
                  </option>
                ))}
              </select>
            </div>
            <p className={styles.formula}>{t(`formula.${fields.game}`)}</p>
            {FIELDS_OF[fields.game].map((field) =>
              input(field, {
                ...(field === 'nonce' || field === 'mines' || field === 'rows'
                  ? { inputMode: 'numeric' as const }
                  : {}),
                mono: field === 'serverSeed' || field === 'gameHash' || field === 'clientSeed' || field === 'salt',
              }),
            )}
            {fields.game !== 'crash' && (
              <div className={styles.field}>
                <label htmlFor={`${id}-serverSeedHash`}>{t('form.serverSeedHash')}</label>
                <input
                  id={`${id}-serverSeedHash`}
                  className={`${styles.input} ${styles.mono}`}
                  value={fields.serverSeedHash}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => set('serverSeedHash', event.target.value.trim().toLowerCase())}
                />
              </div>
            )}
            <Button type="submit" block>
              {t('form.verify')}
            </Button>
          </form>
        </section>

        <section className={styles.card} aria-labelledby={`${id}-result`} aria-live="polite">
          <h2 id={`${id}-result`}>{t('result.title')}</h2>
          {result ? (
            <>
              <Outcome result={result} />
              {computedHash && (
                <div className={styles.hash}>
                  <span>{t('result.computedHash')}</span>
                  <code>{computedHash}</code>
                </div>
              )}
              {hashCheck !== null && (
                <p className={hashCheck ? styles.match : styles.mismatch} role="status">
                  {hashCheck ? t('result.hashMatches') : t('result.hashDiffers')}
                </p>
              )}
            </>
          ) : (
            <p className={styles.muted}>{t('result.empty')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
