import type { AuditEntry } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { diffChange, formatValue } from '../lib/change-diff';
import styles from './audit.module.css';

/** An entry's before and after as a table of the values it changed; the unchanged ones on request. */
export function ChangeDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const [showsAll, setShowsAll] = useState(false);
  const rows = diffChange(entry.before, entry.after);
  const changed = rows.filter((row) => row.change !== 'same');
  const unchanged = rows.length - changed.length;
  const shown = showsAll ? rows : changed;
  return (
    <div className={styles.detail}>
      {shown.length === 0 ? (
        <p className={styles.muted}>{t('diff.nothing')}</p>
      ) : (
        <table className={styles.diff}>
          <caption className="visually-hidden">{t('diff.caption', { action: entry.action })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('diff.field')}</th>
              <th scope="col">{t('diff.before')}</th>
              <th scope="col">{t('diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.path} data-change={row.change}>
                <th scope="row">
                  <code>{row.path}</code>
                  {row.change !== 'same' && <span className={styles.changeWord}>{t(`diff.${row.change}`)}</span>}
                </th>
                <td className={row.change === 'removed' || row.change === 'changed' ? styles.removed : undefined}>
                  {formatValue(row.before)}
                </td>
                <td className={row.change === 'added' || row.change === 'changed' ? styles.added : undefined}>
                  {formatValue(row.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.detailFoot}>
        {unchanged > 0 && (
          <Button variant="ghost" size="small" onClick={() => setShowsAll(!showsAll)}>
            {showsAll ? t('diff.hideSame') : t('diff.showSame', { count: unchanged })}
          </Button>
        )}
        <span className={styles.muted}>
          {t('diff.actor')} <code>{entry.actor}</code>
          {entry.userAgent ? ` · ${entry.userAgent}` : ''}
        </span>
      </div>
    </div>
  );
}
