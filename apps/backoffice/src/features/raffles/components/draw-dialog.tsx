import type { BoRaffle, BoRaffleDraw } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import cells from '../../../components/ui/cells.module.css';
import { formatCount, formatMoney, formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useRaffleDraw } from '../api/raffles';
import styles from './raffles.module.css';

/**
 * A raffle's draw: the seed hash committed when it was added and, once drawn, the seed revealed, the frozen ticket
 * list and the winners with their accounts and the wallet movements that paid them. Before the draw the seed stays
 * secret, operators included: only its hash shows.
 */
export function DrawDialog({ brand, raffle, onClose }: { brand: string; raffle: BoRaffle; onClose: () => void }) {
  const { t } = useTranslation('raffles');
  const drawn = raffle.status === 'drawn';
  const draw = useRaffleDraw(brand, drawn ? raffle.id : null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('draw.title', { code: raffle.code })}
      description={
        drawn
          ? t('draw.text')
          : t(`draw.${raffle.status === 'void' ? 'void' : 'pending'}`, {
              time: formatTime(raffle.drawAt),
            })
      }
      width={900}
    >
      <div className={styles.draw} data-testid="raffle-draw">
        <dl className={styles.proof}>
          <div>
            <dt>{t('draw.seedHash')}</dt>
            <dd className={styles.mono} data-testid="draw-seed-hash">
              {raffle.seedHash}
            </dd>
          </div>
          <div>
            <dt>{t('draw.seed')}</dt>
            <dd className={styles.mono} data-testid="draw-seed">
              {raffle.seed ?? t('draw.seedSecret')}
            </dd>
          </div>
        </dl>
        {drawn && draw.isError && <p className={styles.error}>{messageOf(draw.error, t('errors.failed'))}</p>}
        {drawn && !draw.data && !draw.isError && <p className={cells.muted}>{t('draw.loading')}</p>}
        {draw.data && <DrawTables draw={draw.data} />}
      </div>
    </Dialog>
  );
}

function DrawTables({ draw }: { draw: BoRaffleDraw }) {
  const { t } = useTranslation('raffles');
  const money = (minor: number) => formatMoney(minor, draw.currency, draw.currencyExponent);
  const total = draw.entries.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <>
      <p className={cells.muted}>
        {t('draw.summary', {
          algorithm: draw.algorithm,
          tickets: formatCount(total),
          entrants: formatCount(draw.entries.length),
          time: formatTime(draw.raffle.drawnAt),
        })}
      </p>
      <div className={styles.tableBox}>
        <table className={styles.table}>
          <caption>{t('draw.winners')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('draw.columns.rank')}</th>
              <th scope="col">{t('draw.columns.account')}</th>
              <th scope="col" className={styles.number}>
                {t('draw.columns.ticket')}
              </th>
              <th scope="col" className={styles.number}>
                {t('draw.columns.prize')}
              </th>
              <th scope="col" className={styles.number}>
                {t('draw.columns.movement')}
              </th>
            </tr>
          </thead>
          <tbody>
            {draw.winners.length === 0 && (
              <tr>
                <td colSpan={5}>{t('draw.noWinners')}</td>
              </tr>
            )}
            {draw.winners.map((winner) => (
              <tr key={winner.rank}>
                <td>{t('draw.rank', { rank: winner.rank })}</td>
                <td>{winner.account}</td>
                <td className={styles.number}>{formatCount(winner.ticket)}</td>
                <td className={styles.number}>{money(winner.prizeMinor)}</td>
                <td className={styles.number}>{winner.movementId === null ? '—' : `#${winner.movementId}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={`${styles.tableBox} ${styles.tickets}`}>
        <table className={styles.table}>
          <caption>{t('draw.tickets', { count: total, value: formatCount(total) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('draw.columns.entry')}</th>
              <th scope="col">{t('draw.columns.account')}</th>
              <th scope="col">{t('draw.columns.public')}</th>
              <th scope="col" className={styles.number}>
                {t('draw.columns.numbers')}
              </th>
              <th scope="col" className={styles.number}>
                {t('draw.columns.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {draw.entries.map((entry) => (
              <tr key={entry.entry}>
                <td>{formatCount(entry.entry)}</td>
                <td>{entry.account}</td>
                <td className={cells.muted}>{entry.maskedAccount}</td>
                <td className={styles.number}>
                  {entry.count === 1
                    ? formatCount(entry.firstTicket)
                    : `${formatCount(entry.firstTicket)} – ${formatCount(entry.firstTicket + entry.count - 1)}`}
                </td>
                <td className={styles.number}>{formatCount(entry.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
