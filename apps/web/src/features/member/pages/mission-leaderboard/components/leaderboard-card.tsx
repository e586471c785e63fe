import type { LeaderboardEntry, LeaderboardItem } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import styles from '../leaderboards.module.css';
import { splitTimeLeft, type Formats } from './format';

/** A score as the board counts it: money for a valid-bet board, a multiplier (hundredths) for the other. */
export function scoreText(item: Pick<LeaderboardItem, 'measure'>, score: number, formats: Formats): string {
  if (item.measure === 'valid_bet') return formats.money(score);
  return `×${(score / 100).toFixed(2)}`;
}

interface LeaderboardCardProps {
  board: LeaderboardItem;
  formats: Formats;
  now: number;
}

function Standings({
  board,
  rows,
  formats,
  caption,
  prizes,
}: {
  board: LeaderboardItem;
  rows: (LeaderboardEntry & { prizeMinor?: number })[];
  formats: Formats;
  caption: string;
  prizes: boolean;
}) {
  const { t } = useTranslation('member-leaderboards');
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.rank')}</th>
          <th scope="col">{t('columns.member')}</th>
          <th scope="col" className={styles.number}>
            {t(`scoreColumns.${board.measure}`)}
          </th>
          {prizes && (
            <th scope="col" className={styles.number}>
              {t('columns.prize')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.rank} data-me={row.isMe || undefined}>
            <td>
              <span className={styles.rank} data-rank={row.rank <= 3 ? row.rank : undefined}>
                {row.rank}
              </span>
            </td>
            <td className={styles.account}>
              {row.account}
              {row.isMe && <span className={styles.meTag}>{t('you')}</span>}
            </td>
            <td className={styles.number}>{scoreText(board, row.score, formats)}</td>
            {prizes && <td className={styles.number}>{formats.money(row.prizeMinor ?? 0)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A leaderboard: what it ranks by, the period and the time left, the prizes by rank, this period's top 10 with the
 * member's own rank under it when outside, and the last finished period's winners with what they were paid.
 */
export function LeaderboardCard({ board, formats, now }: LeaderboardCardProps) {
  const { t } = useTranslation('member-leaderboards');
  const left = splitTimeLeft(Date.parse(board.endsAt) - now);
  const leftText =
    left.days > 0
      ? t('left.days', left)
      : left.hours > 0
        ? t('left.hours', left)
        : left.minutes > 0
          ? t('left.minutes', left)
          : t('left.paying');
  const days =
    board.periodStart === board.periodEnd
      ? formats.day(board.periodStart)
      : `${formats.day(board.periodStart)} – ${formats.day(board.periodEnd)}`;
  const meInTop = board.top.some((row) => row.isMe);
  const gameType = board.gameType === null ? null : t(`categories.${board.gameType}`, { defaultValue: board.gameType });

  return (
    <li className={styles.card} data-testid="leaderboard" data-code={board.code}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{board.title}</h3>
        <span className={styles.measure}>
          {gameType
            ? t('measureOf', { measure: t(`measures.${board.measure}`), gameType })
            : t(`measures.${board.measure}`)}
        </span>
      </div>
      {board.summary && <p className={styles.summary}>{board.summary}</p>}
      {board.measure === 'multiplier' && board.minBetMinor > 0 && (
        <p className={styles.muted}>{t('minBet', { amount: formats.money(board.minBetMinor) })}</p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('period')}</dt>
          <dd>{t(`periods.${board.period}`, { days })}</dd>
        </div>
        <div>
          <dt>{board.started ? t('timeLeft') : t('starts')}</dt>
          <dd data-testid="leaderboard-time-left">
            {board.started ? leftText : formats.time(board.startsAt ?? board.endsAt)}
          </dd>
        </div>
        <div>
          <dt>{t('myRank')}</dt>
          <dd data-testid="leaderboard-me">
            {board.me
              ? t('rankOf', { rank: formats.count(board.me.rank), score: scoreText(board, board.me.score, formats) })
              : t('notRanked')}
          </dd>
        </div>
      </dl>
      <div className={styles.prizes}>
        <h4 className={styles.subTitle}>{t('prizes')}</h4>
        <ol className={styles.prizeList} data-testid="leaderboard-prizes">
          {board.prizesMinor.map((prize, index) => (
            <li key={index}>
              <span className={styles.rank} data-rank={index < 3 ? index + 1 : undefined}>
                {index + 1}
              </span>
              <span>{formats.money(prize)}</span>
            </li>
          ))}
        </ol>
      </div>
      {board.top.length === 0 ? (
        <p className={styles.muted}>{t('noScores')}</p>
      ) : (
        <Standings board={board} rows={board.top} formats={formats} caption={t('top')} prizes={false} />
      )}
      {board.me && !meInTop && (
        <p className={styles.meLine} data-testid="leaderboard-me-line">
          {t('meOutside', { rank: formats.count(board.me.rank), score: scoreText(board, board.me.score, formats) })}
        </p>
      )}
      {board.lastPeriod && board.lastPeriod.winners.length > 0 && (
        <div data-testid="leaderboard-winners">
          <Standings
            board={board}
            rows={board.lastPeriod.winners}
            formats={formats}
            caption={t('winners', {
              days:
                board.lastPeriod.periodStart === board.lastPeriod.periodEnd
                  ? formats.day(board.lastPeriod.periodStart)
                  : `${formats.day(board.lastPeriod.periodStart)} – ${formats.day(board.lastPeriod.periodEnd)}`,
            })}
            prizes
          />
        </div>
      )}
    </li>
  );
}
