import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import styles from './sign-in.module.css';

/** The recovery codes, shown once: a list to copy or download as a text file. */
export function RecoveryCodes({ codes, login }: { codes: string[]; login: string }) {
  const { t } = useTranslation('session');
  const [copied, setCopied] = useState(false);
  const text = `${t('codes.fileHeading', { login })}\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `parlay-backoffice-recovery-codes-${login}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className={styles.codes}>
      <ol className={styles.codeList} aria-label={t('codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.codeActions}>
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          <Icon name={copied ? 'check' : 'copy'} size={16} />
          {copied ? t('codes.copied') : t('codes.copy')}
        </Button>
        <Button variant="secondary" size="small" onClick={download}>
          <Icon name="download" size={16} />
          {t('codes.download')}
        </Button>
      </div>
    </div>
  );
}
