import type { ContractKind } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../../../components/ui/date-range';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { ReportPages } from '../../../components/report';
import { SettlementLines, useDaysLabel, useSettlementPeriod } from '../../../components/settlement-lines';
import { useAgentIncome } from '../../agent-revenue-report/api/get-agent-income';
import styles from '../contracts.module.css';

/**
 * A contract page's records (the product's contract record, decision 0068): the kind's settled periods over the
 * brand's days picked, mine and those I paid my direct downline agents, newest first, more by the cursor; the same
 * lines and call as my income, this kind only.
 */
export function SettlementRecords({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('member-agent');
  const daysOf = useDaysLabel();
  const state = useSettlementPeriod();
  const records = useAgentIncome({ ...state.period, kind }, state.readable);

  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{t('income.records')}</h3>
      <DateRange value={state.period} today={state.today} onChange={state.setPeriod} allowFuture={false} />
      <ReportPages
        query={records}
        readable={state.readable}
        render={(first, pages, more) => {
          const lines = pages.flatMap((page) => page.lines);
          if (lines.length === 0) {
            return (
              <EmptyState
                compact
                icon="record"
                title={t('income.recordsEmpty', { range: daysOf(first.from, first.to) })}
                text={t('income.recordsEmptyText')}
              />
            );
          }
          return (
            <SettlementLines frame={first} lines={lines} label={t('income.records')} showKind={false} more={more} />
          );
        }}
      />
    </section>
  );
}
