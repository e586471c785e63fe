import type { BettingRecord, PlayerProfile } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/empty-state';
import { formatTime } from '../../../lib/format';
import { usePlayerRound } from '../api/get-player-round';
import type { PlayerRef } from '../api/query-keys';
import { formatMinor } from '../lib/money';
import styles from './players.module.css';

/** One round opened from the list: its figures, each money move of it, and the vendor's replay data. */
export function RoundDetail({
  playerRef,
  player,
  round,
}: {
  playerRef: PlayerRef;
  player: PlayerProfile;
  round: BettingRecord;
}) {
  const { t } = useTranslation('players');
  const query = usePlayerRound(playerRef, round.vassalage, round.roundId);
  const money = (minor: number, signed = false) =>
    formatMinor(minor, round.currency, player.currencyExponent, { signed });
  if (query.isPending) return <p className={styles.note}>{t('common:loading')}</p>;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const detail = query.data;
  return (
    <div className={styles.roundDetail}>
      <dl className={styles.roundFacts}>
        <div className={styles.fact}>
          <dt>{t('rounds.game')}</dt>
          <dd>
            {detail.gameName}{' '}
            <span className={styles.note}>{`${detail.vassalage} · ${detail.gameCode} · ${detail.gameType}`}</span>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('rounds.settledAt')}</dt>
          <dd>{formatTime(detail.settledAt)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('rounds.validBet')}</dt>
          <dd>{money(detail.validBetMinor)}</dd>
        </div>
      </dl>
      <table className={styles.moves}>
        <caption>{t('rounds.moves', { round: detail.roundId })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ledger.at')}</th>
            <th scope="col">{t('rounds.moveKind')}</th>
            <th scope="col">{t('rounds.transactionId')}</th>
            <th scope="col">
              <span className={styles.numberHead}>{t('ledger.amount')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.transactions.map((move) => (
            <tr key={`${move.kind}-${move.transactionId}`}>
              <td className={styles.nowrap}>{formatTime(move.at)}</td>
              <td>{t(`rounds.move.${move.kind}`)}</td>
              <td>
                <code className={styles.reference}>{move.transactionId}</code>
              </td>
              <td>
                <span className={styles.number}>
                  {money(move.kind === 'debit' ? -move.amountMinor : move.amountMinor, true)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <p className={styles.subheading}>{t('rounds.replay')}</p>
        {detail.detail ? (
          <pre className={styles.replay}>{JSON.stringify(detail.detail, null, 2)}</pre>
        ) : (
          <p className={styles.note}>{t('rounds.noReplay')}</p>
        )}
      </div>
    </div>
  );
}
