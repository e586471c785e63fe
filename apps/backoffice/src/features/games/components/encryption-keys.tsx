import { DEFAULT_KEY_GRACE_SECONDS, MAX_KEY_GRACE_SECONDS, type EncryptionKey } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormError, SelectField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import dataTable from '../../../components/ui/data-table.module.css';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useEncryptionKeys } from '../api/get-encryption-keys';
import { useRotateEncryptionKey } from '../api/rotate-encryption-key';
import styles from './games.module.css';

/** The graces a rotation offers: at once (a key that leaked), an hour, a day (proposed), a week (the most). */
const GRACES = [0, 60 * 60, DEFAULT_KEY_GRACE_SECONDS, MAX_KEY_GRACE_SECONDS] as const;

function KeyState({ item }: { item: EncryptionKey }) {
  const { t } = useTranslation('games');
  if (item.isCurrent) return <Badge tone="ok">{t('keys.current')}</Badge>;
  if (item.isUsable) return <Badge tone="warn">{t('keys.retiring')}</Badge>;
  return <Badge tone="off">{t('keys.retired')}</Badge>;
}

/**
 * The request-encryption keys every brand's sign-in and sign-up share (decision 0006): which is current, which
 * still decrypts and until when. A rotation makes a new current key; the old one decrypts for the grace chosen.
 */
export function EncryptionKeys() {
  const { t } = useTranslation('games');
  const query = useEncryptionKeys();
  const [isRotating, setIsRotating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('keys.title')}
        subtitle={t('keys.subtitle')}
        actions={
          <Button variant="danger" onClick={() => setIsRotating(true)}>
            <Icon name="refresh" size={16} />
            {t('keys.rotate')}
          </Button>
        }
      />
      <p className={styles.note}>{t('keys.howTo')}</p>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon="key" title={t('keys.emptyTitle')} text={t('keys.emptyText')} />
      ) : (
        <div className={dataTable.scroller}>
          <table className={dataTable.table}>
            <caption className="visually-hidden">{t('keys.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keys.kid')}</th>
                <th scope="col">{t('keys.state')}</th>
                <th scope="col">{t('keys.created')}</th>
                <th scope="col">{t('keys.retiredAt')}</th>
                <th scope="col">{t('keys.decryptUntil')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((item) => (
                <tr key={item.kid}>
                  <td>
                    <span className={styles.code}>{item.kid}</span>
                  </td>
                  <td>
                    <KeyState item={item} />
                  </td>
                  <td>{formatTime(item.createdAt)}</td>
                  <td>{formatTime(item.retiredAt)}</td>
                  <td>{formatTime(item.decryptUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {isRotating && <RotateDialog onClose={() => setIsRotating(false)} />}
    </>
  );
}

function RotateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('games');
  const rotate = useRotateEncryptionKey();
  const [grace, setGrace] = useState<number>(DEFAULT_KEY_GRACE_SECONDS);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    try {
      const { kid } = await rotate.mutateAsync({ graceSeconds: grace });
      toast.success(t('keys.rotated', { kid }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('keys.rotateTitle')}
      description={t('keys.rotateText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button variant="danger" disabled={rotate.isPending} onClick={() => void confirm()}>
            {t('keys.rotate')}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <SelectField
          label={t('keys.grace')}
          value={String(grace)}
          onChange={(event) => setGrace(Number(event.target.value))}
        >
          {GRACES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {t(`keys.graces.${seconds}`)}
            </option>
          ))}
        </SelectField>
        {grace === 0 && <p className={styles.warning}>{t('keys.noGraceWarning')}</p>}
        <FormError message={failure} />
      </div>
    </Dialog>
  );
}
