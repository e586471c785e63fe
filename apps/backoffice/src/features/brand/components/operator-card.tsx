import { SetOperatorRequestSchema, type BrandOperator } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, TextField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

const LINES = ['company', 'address', 'regulator', 'licenceNumber', 'licenceUrl'] as const;
type Line = (typeof LINES)[number];

/**
 * Who runs the brand, as the site's footer states it: the company, its address and its licence. The footer shows
 * only what is entered here; a demo brand says it is one (docs/product/site-shell-and-routes.md#footer).
 */
export function OperatorCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { save, failure, isSaving } = useSavePart('operator');
  const [operator, setOperator] = useState<BrandOperator>(settings.operator);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const isDirty = JSON.stringify(operator) !== JSON.stringify(settings.operator);

  async function onSubmit() {
    const checked = checkWith(SetOperatorRequestSchema, { operator, version: settings.version });
    if (!checked.data) {
      setFailed(new Set([...checked.failed].map((path) => path.replace(/^operator\./, ''))));
      return;
    }
    setFailed(new Set());
    await save({ operator: checked.data.operator });
  }

  return (
    <BrandCard
      id="operator"
      title={t('operator.title')}
      description={t('operator.text')}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className={styles.row}>
        {LINES.map((line: Line) => (
          <TextField
            key={line}
            label={t(`operator.${line}`)}
            value={operator[line]}
            readOnly={!canWrite}
            spellCheck={false}
            placeholder={line === 'licenceUrl' ? 'https://…' : undefined}
            onChange={(event) => setOperator((current) => ({ ...current, [line]: event.target.value }))}
            error={failed.has(line) ? t(`operator.rules.${line}`) : undefined}
          />
        ))}
      </div>
      <Checkbox
        label={t('operator.demo')}
        checked={operator.demo}
        disabled={!canWrite}
        onChange={(event) => setOperator((current) => ({ ...current, demo: event.target.checked }))}
      />
    </BrandCard>
  );
}
