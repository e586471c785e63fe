import type { BoLeaderboard } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import cells from '../../../components/ui/cells.module.css';
import { formatCount, formatTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useStandings } from '../api/leaderboards';
import styles from './leaderboards.module.css';

/** A score as the board counts it: money for valid bets, a multiplier (hundredths) for the other. */
export function scoreOf(board: Pick<BoLeaderboard, 'measure'>, score: number, currency: string): string {
  return board.measure === 'valid_bet' ? formatMoney(score, currency) : `×${(score / 100).toFixed(2)}`;
}

/**
 * A board's standings (brand.read): the current period's ranks with the prize each would win, or a paid period's with
 * what each rank was paid and when, or why a prize was refused; the accounts in full, as operators see them.
 */
export function StandingsDialog({
  brand,
  board,
  onClose,
}: {
  brand: string;
  board: BoLeaderboard;
  onClose: () => void;
}) {
  const { t } = useTranslation('leaderboards');
  const [periodStart, setPeriodStart] = useState<string | null>(null);
  const query = useStandings(brand, board.id, periodStart);
  const data = query.data;
  const currency = data?.currency ?? 'KRW';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('standings.title', { code: board.code })}
      description={t('standings.text')}
      width={760}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common:close')}
        </Button>
      }
    >
      <div className={styles.standingsHead}>
        <SelectField
          label={t('standings.period')}
          value={periodStart ?? data?.periodStart ?? ''}
          onChange={(event) => setPeriodStart(event.target.value)}
        >
          {(data?.periods ?? []).map((day, index) => (
            <option key={day} value={day}>
              {index === 0 ? t('standings.current', { day }) : day}
            </option>
          ))}
        </SelectField>
        {data && (
          <p className={cells.muted} data-testid="standings-payout">
            {data.paidAt
              ? t('standings.paid', { amount: formatMoney(data.paidMinor, currency), time: formatTime(data.paidAt) })
              : data.current
                ? t('standings.running', { day: data.periodEnd })
                : t('standings.unpaid')}
          </p>
        )}
      </div>
      {query.isError && <p className={cells.muted}>{t('errors.failed')}</p>}
      {data && data.rows.length === 0 && <p className={cells.muted}>{t('standings.empty')}</p>}
      {data && data.rows.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table} data-testid="standings">
            <caption className="visually-hidden">{t('standings.title', { code: board.code })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('standings.rank')}</th>
                <th scope="col">{t('standings.member')}</th>
                <th scope="col" className={styles.right}>
                  {t(`measures.${board.measure}`)}
                </th>
                <th scope="col">{t('standings.reachedAt')}</th>
                <th scope="col" className={styles.right}>
                  {data.paidAt ? t('standings.prizePaid') : t('standings.prizeToWin')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.rank}>
                  <td>{formatCount(row.rank)}</td>
                  <td>
                    {row.account} <span className={cells.muted}>#{row.memberId}</span>
                  </td>
                  <td className={styles.right}>{scoreOf(board, row.score, currency)}</td>
                  <td className={cells.nowrap}>{formatTime(row.reachedAt)}</td>
                  <td className={styles.right}>
                    {row.prizeMinor === null ? (
                      '—'
                    ) : row.refused !== null ? (
                      // A prize the payout could not pay (decision 0056): for the operator to settle by hand.
                      <span className={cells.muted} data-testid={`prize-refused-${row.rank}`}>
                        {t('standings.refused', {
                          amount: formatMoney(row.prizeMinor, currency),
                          reason: t(`refusals.${row.refused}`, { defaultValue: row.refused }),
                        })}
                      </span>
                    ) : (
                      formatMoney(row.prizeMinor, currency)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
