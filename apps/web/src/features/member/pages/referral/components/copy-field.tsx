import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Icon } from '../../../../../components/ui/icon';
import styles from '../referral.module.css';

/** How long the confirmation under a copy button stays. */
export const COPIED_FOR_MS = 2_500;

/**
 * A value the member shares, read-only, with a button that copies it and says so. Where the browser refuses the
 * clipboard (an http page other than localhost, a denied permission) the value is selected for the member to copy.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  isLarge,
}: {
  label: string;
  value: string;
  copyLabel: string;
  isLarge?: boolean;
}) {
  const { t } = useTranslation('member-referral');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function onCopy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setResult('copied');
    } catch {
      input.current?.select();
      setResult('failed');
    }
  }

  return (
    <div className={styles.copyField}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          id={id}
          ref={input}
          className={isLarge ? `${styles.copyInput} ${styles.copyInputLarge}` : styles.copyInput}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void onCopy()}>
          {result === 'copied' && <Icon name="check" size={16} aria-hidden="true" />}
          {copyLabel}
        </Button>
      </div>
      <p className={styles.copyStatus} role="status" data-result={result ?? undefined}>
        {result === 'copied' ? t('copy.copied') : result === 'failed' ? t('copy.failed') : ''}
      </p>
    </div>
  );
}
