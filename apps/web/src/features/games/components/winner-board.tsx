import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { useOptionalBrand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format-money';
import { useRankList, type RankEntry } from '../api/get-rank-list';
import { launchPath } from '../lib/navigation';
import rowStyles from './lobby-game-rows.module.css';
import styles from './winner-board.module.css';

const MINUTE = 60_000;

/** Lotteries open through their own launch, not /game: their entries name the game without a link. */
function gamePathOf(entry: RankEntry): string | null {
  if (entry.gameId === null || entry.gameType === 'ELOTT' || entry.gameType === 'LOTT') return null;
  return launchPath({ gameId: entry.gameId });
}

/** How long ago, in the member's language: 'just now' under a minute, then minutes, hours and days. */
export function timeAgo(iso: string, now: number, locale: string, justNow: string): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return justNow;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < 60 * MINUTE) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 24 * 60 * MINUTE) return format.format(-Math.floor(elapsed / (60 * MINUTE)), 'hour');
  return format.format(-Math.floor(elapsed / (24 * 60 * MINUTE)), 'day');
}

/** A payout's multiple of its stake, as the player reads a multiplier: up to two places, no trailing zeros. */
function formatMultiplier(multiplier: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(multiplier);
}

/** Digits after the point: the brand's for its own currency, else the currency's usual ones. */
function exponentOf(currency: string, brand: { currency: string; currencyExponent: number } | undefined): number {
  if (brand?.currency === currency) return brand.currencyExponent;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
}

/**
 * The lobby's winner board: the brand's biggest wins of the last 24 hours (rounds that paid more than their stake),
 * each with its multiplier, accounts masked by the server.
 */
export function WinnerBoard() {
  const { t, i18n } = useTranslation('games');
  const board = useRankList();
  const brand = useOptionalBrand()?.brand;
  const locale = i18n.resolvedLanguage ?? 'ko';
  // Times are told from when the board was read; it is read again every 30 s.
  const now = board.dataUpdatedAt;

  let body;
  if (board.error) body = <EmptyState compact icon="info" title={t('loadFailed')} text={board.error.message} />;
  else if (board.isPending)
    body = (
      <div className={`${rowStyles.placeholder} ${styles.placeholder}`} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  else if (board.data.length === 0)
    body = <EmptyState compact icon="trophy" title={t('winners.empty')} text={t('winners.emptyText')} />;
  else {
    body = (
      // From 768 px the board reads down two columns, half the entries in each, so a short board does not
      // leave its second column empty.
      <ol
        className={styles.board}
        style={{ '--rows': Math.ceil(board.data.length / 2) } as CSSProperties}
        aria-labelledby="lobby-winners"
      >
        {board.data.map((entry: RankEntry, index) => {
          const gamePath = gamePathOf(entry);
          return (
            <li key={`${entry.settledAt}-${entry.account}-${index}`} className={styles.entry}>
              <span className={styles.rank} data-rank={index + 1} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.who}>
                <strong>{entry.account}</strong>
                {gamePath ? (
                  <Link to={gamePath} className={styles.game}>
                    {entry.gameName}
                  </Link>
                ) : (
                  <span className={styles.game}>{entry.gameName}</span>
                )}
              </span>
              <span className={styles.win}>
                <strong>
                  {formatMoney(entry.winMinor, {
                    currency: entry.currency,
                    exponent: exponentOf(entry.currency, brand),
                    locale,
                    display: 'symbol',
                  })}
                </strong>
                <span className={styles.meta}>
                  {entry.multiplier !== null && (
                    <span className={styles.multiplier}>
                      {t('winners.multiplier', { value: formatMultiplier(entry.multiplier, locale) })}
                    </span>
                  )}
                  <time dateTime={entry.settledAt} title={new Date(entry.settledAt).toLocaleString(locale)}>
                    {timeAgo(entry.settledAt, now, locale, t('winners.justNow'))}
                  </time>
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <section className={rowStyles.section} aria-labelledby="lobby-winners">
      <div className={rowStyles.head}>
        <h2 id="lobby-winners" className={rowStyles.title}>
          <Icon name="trophy" size={20} />
          {t('rows.winners')}
        </h2>
        <span className={styles.window}>{t('winners.window')}</span>
      </div>
      {body}
    </section>
  );
}
