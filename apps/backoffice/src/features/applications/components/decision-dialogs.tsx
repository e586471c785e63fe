import { APPLICATION_REJECT_REASON_MAX, type BoApplication } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { applicationImageUrl } from '../api/applications';
import styles from './applications.module.css';

interface DecisionDialogProps {
  application: BoApplication | null;
  currency: string;
  onClose: () => void;
}

/**
 * A decision's pending state and the server's refusal, said in the dialog in the operator's language: a refusal
 * (another operator decided first) keeps the dialog open, for a cancel or another try.
 */
function useDecision(onClose: () => void) {
  const { t } = useTranslation('applications');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  async function run(decide: () => Promise<unknown>) {
    setIsBusy(true);
    setProblem(null);
    try {
      await decide();
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    } finally {
      setIsBusy(false);
    }
  }
  return { problem, isBusy, run };
}

/** Approves an application after saying what will be paid: the promotion's reward, once, as a bonus. */
export function ApproveDialog({
  application,
  currency,
  onClose,
  onApprove,
}: DecisionDialogProps & { onApprove: (application: BoApplication) => Promise<unknown> }) {
  const { t } = useTranslation('applications');
  const { problem, isBusy, run } = useDecision(onClose);
  return (
    <Dialog
      open={application !== null}
      onOpenChange={(open) => !open && onClose()}
      title={application && t('approve.title', { code: application.promotionCode, account: application.account })}
      description={
        application &&
        t('approve.text', {
          amount: formatMoney(application.rewardMinor, currency),
          account: application.account,
          title: application.promotionTitle,
        })
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.back')}
          </Button>
          <Button disabled={isBusy} onClick={() => application && void run(() => onApprove(application))}>
            {t('approve.confirm', { amount: application ? formatMoney(application.rewardMinor, currency) : '' })}
          </Button>
        </>
      }
    >
      {application && (
        <dl className={styles.facts}>
          <dt>{t('columns.member')}</dt>
          <dd>{application.account}</dd>
          <dt>{t('columns.promotion')}</dt>
          <dd>
            {application.promotionCode} · {application.promotionTitle}
          </dd>
          <dt>{t('columns.reward')}</dt>
          <dd className={styles.amount}>{formatMoney(application.rewardMinor, currency)}</dd>
        </dl>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/** Rejects an application with the reason the member reads (required, at most 140 characters, with a counter). */
export function RejectDialog({
  application,
  onClose,
  onReject,
}: Omit<DecisionDialogProps, 'currency'> & {
  onReject: (application: BoApplication, reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('applications');
  const { problem, isBusy, run } = useDecision(onClose);
  const [reason, setReason] = useState('');
  // Counted as the server's schema counts it (BoRejectApplicationRequestSchema), so the two never disagree.
  const length = reason.length;
  return (
    <Dialog
      open={application !== null}
      onOpenChange={(open) => !open && onClose()}
      title={application && t('reject.title', { code: application.promotionCode, account: application.account })}
      description={t('reject.text')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.back')}
          </Button>
          <Button
            variant="danger"
            disabled={isBusy || reason.trim() === '' || length > APPLICATION_REJECT_REASON_MAX}
            onClick={() => application && void run(() => onReject(application, reason.trim()))}
          >
            {t('actions.reject')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('reject.reason')}
        isRequired
        value={reason}
        maxLength={APPLICATION_REJECT_REASON_MAX}
        hint={
          <span data-testid="reason-counter">
            {t('reject.counter', { count: length, max: APPLICATION_REJECT_REASON_MAX })}
          </span>
        }
        onChange={(event) => setReason(event.target.value)}
      />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/** One of an application's images, whole and larger, with the others a step away. */
export function ImageDialog({
  brand,
  application,
  index,
  onIndexChange,
  onClose,
}: {
  brand: string;
  application: BoApplication | null;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const count = application?.imageIds.length ?? 0;
  const imageId = application?.imageIds[index];
  const name = application
    ? t('images.name', { number: index + 1, count, account: application.account, code: application.promotionCode })
    : '';
  return (
    <Dialog open={application !== null} onOpenChange={(open) => !open && onClose()} title={name} width={880}>
      {application && imageId !== undefined && (
        <div className={styles.viewer}>
          <img className={styles.large} src={applicationImageUrl(brand, imageId)} alt={name} />
          <div className={styles.viewerBar}>
            <a href={applicationImageUrl(brand, imageId)} target="_blank" rel="noreferrer">
              {t('images.original')}
            </a>
            {count > 1 && (
              <span className={styles.rowActions}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={index === 0}
                  onClick={() => onIndexChange(index - 1)}
                >
                  {t('images.previous')}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={index >= count - 1}
                  onClick={() => onIndexChange(index + 1)}
                >
                  {t('images.next')}
                </Button>
              </span>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
