import type { SettlementLine, SettlementRun } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PageLoader } from '../../../components/ui/page-loader';
import cells from '../../../components/ui/cells.module.css';
import { formatCount, formatMoney, formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useSettlementRunLines } from '../api/agent-settlements';
import styles from './agent-settlements.module.css';
import { PayPendingDialog } from './pay-pending-dialog';
import { periodLabel, rateLabel } from './period';

// Nothing to pay is a record, not a failure: plain, not the off tone.
const TONES = { paid: 'ok', pending: 'warn', none: 'plain' } as const;

/**
 * A run's lines (brand.read), top agents first as they are paid: each contract's agent and payer (the brand for a top
 * agent), its team's figures, the tier's rate, the base and amount, and its payment. brand.write tries its pending
 * lines again from here too.
 */
export function RunLinesDialog({
  brand,
  run,
  currency,
  currencyExponent,
  timeZone,
  onClose,
}: {
  brand: string;
  run: SettlementRun;
  currency: string;
  currencyExponent: number;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('agentSettlements');
  const query = useSettlementRunLines(brand, run.id);
  const canWrite = useCan('brand.write');
  const [isPaying, setIsPaying] = useState(false);
  // The run as the lines' answer has it (fresh after a payment), else as the list had it.
  const current = query.data?.run ?? run;
  const money = (minor: number) => formatMoney(minor, currency, currencyExponent);
  const title = t('lines.title', { kind: t(`kinds.${run.kind}`), id: run.id });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={t('lines.text', { period: periodLabel(run, timeZone), timeZone })}
      width={1040}
      footer={
        <>
          {canWrite && current.pendingLines > 0 && <Button onClick={() => setIsPaying(true)}>{t('pay.open')}</Button>}
          <Button variant="secondary" onClick={onClose}>
            {t('common:close')}
          </Button>
        </>
      }
    >
      <p className={styles.runSums} data-testid="run-sums">
        {t('lines.sums', {
          paid: money(current.paidMinor),
          pending: money(current.pendingMinor),
          brandPaid: money(current.brandPaidMinor),
        })}
      </p>
      {query.isError && <p className={cells.muted}>{t('errors.failed')}</p>}
      {query.isPending && <PageLoader />}
      {query.data && (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={title}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lines.agent')}</th>
                <th scope="col">{t('lines.payer')}</th>
                <th scope="col">{t('lines.figures')}</th>
                <th scope="col" className={styles.right}>
                  {t('lines.rate')}
                </th>
                <th scope="col" className={styles.right}>
                  {t('lines.base')}
                </th>
                <th scope="col" className={styles.right}>
                  {t('lines.amount')}
                </th>
                <th scope="col">{t('lines.status')}</th>
                <th scope="col">{t('lines.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.lines.map((line) => (
                <LineRow key={line.id} line={line} money={money} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {isPaying && (
        <PayPendingDialog
          brand={brand}
          run={current}
          currency={currency}
          currencyExponent={currencyExponent}
          onClose={() => setIsPaying(false)}
        />
      )}
    </Dialog>
  );
}

function LineRow({ line, money }: { line: SettlementLine; money: (minor: number) => string }) {
  const { t } = useTranslation('agentSettlements');
  return (
    <tr>
      <td>
        <span className={cells.name}>
          <strong>{line.agentAccount}</strong>
          <span className={cells.muted}>
            {t('lines.contract', { id: line.contractId })}
            {line.salaryType ? ` · ${t(`salaryTypes.${line.salaryType}`)}` : ''}
          </span>
        </span>
      </td>
      <td>{line.payerAccount ?? <Badge>{t('page.brand')}</Badge>}</td>
      <td>
        <span className={cells.counts}>
          <span>{t('lines.members', { count: line.activeMembers, formatted: formatCount(line.activeMembers) })}</span>
          <span className={cells.muted}>{t('lines.validBet', { amount: money(line.validBetMinor) })}</span>
          <span className={cells.muted}>{t('lines.profitLoss', { amount: money(line.profitLossMinor) })}</span>
        </span>
      </td>
      <td className={styles.right}>{rateLabel(line.rateBp)}</td>
      <td className={styles.right}>
        <span className={cells.counts}>
          <span>{money(line.baseMinor)}</span>
          {line.carryMinor < 0 && (
            <span className={cells.muted}>{t('lines.carry', { amount: money(line.carryMinor) })}</span>
          )}
        </span>
      </td>
      <td className={styles.right}>
        <strong>{money(line.amountMinor)}</strong>
      </td>
      <td>
        <Badge tone={TONES[line.status]}>{t(`statuses.${line.status}`)}</Badge>
      </td>
      <td className={cells.nowrap}>{formatTime(line.paidAt)}</td>
    </tr>
  );
}
