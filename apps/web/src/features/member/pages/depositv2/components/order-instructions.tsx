import type { DepositOrder } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../../../components/ui/button';
import { QrCode } from '../../../../../components/ui/qr-code';
import styles from '../depositv2.module.css';

interface OrderInstructionsProps {
  order: DepositOrder;
  format: (minor: number) => string;
  formatTime: (iso: string) => string;
  onAnother: () => void;
}

function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('member-cashier');
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.detail}>
      <dt className={styles.detailLabel}>{label}</dt>
      <dd className={styles.detailValue}>
        <span>{value}</span>
        <Button
          variant="ghost"
          size="small"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? t('order.copied') : t('order.copy')}
        </Button>
      </dd>
    </div>
  );
}

/** What the member does next: the provider's page, its QR code, or the brand's bank account and the reference. */
export function OrderInstructions({ order, format, formatTime, onAnother }: OrderInstructionsProps) {
  const { t } = useTranslation('member-cashier');
  const { instructions } = order;
  return (
    <section className={styles.card} aria-labelledby="deposit-order-title" data-testid="deposit-order">
      <div className={styles.cardHead}>
        <h3 id="deposit-order-title" className={styles.subtitle}>
          {instructions?.kind === 'bank'
            ? t('order.bankTitle')
            : instructions?.kind === 'qr'
              ? t('order.qrTitle')
              : t('order.redirectTitle')}
        </h3>
        <span className={styles.muted}>{t('order.number', { orderNo: order.orderNo })}</span>
      </div>
      {instructions?.kind === 'redirect' && (
        <>
          <p className={styles.text}>{t('order.redirectText', { amount: format(order.amountMinor) })}</p>
          <a className={buttonClassName('primary')} href={instructions.url} data-testid="deposit-pay-link">
            {t('order.open')}
          </a>
        </>
      )}
      {instructions?.kind === 'qr' && <QrCode text={instructions.payload} size={180} label={t('order.qrLabel')} />}
      {instructions?.kind === 'bank' && (
        <>
          <dl className={styles.details}>
            <CopyLine label={t('order.bankName')} value={instructions.bankName} />
            <CopyLine label={t('order.accountNumber')} value={instructions.accountNumber} />
            <CopyLine label={t('order.holderName')} value={instructions.holderName} />
            <CopyLine label={t('order.amount')} value={format(order.amountMinor)} />
            <CopyLine label={t('order.reference')} value={instructions.reference} />
          </dl>
          <p className={styles.hint}>{t('order.referenceHint')}</p>
        </>
      )}
      <p className={styles.muted}>{t('order.until', { time: formatTime(order.expiresAt) })}</p>
      <Button variant="secondary" onClick={onAnother} className={styles.another}>
        {t('order.another')}
      </Button>
    </section>
  );
}
