import type { BettingRecordDetailSchema } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUiLanguage } from '../../lib/language';
import { useThemeStore } from '../../lib/theme';
import styles from './round-detail.module.css';

export type BettingRecordDetail = z.infer<typeof BettingRecordDetailSchema>;

/** The detail's call as its feature's query answers it. */
export interface RoundDetailQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: BettingRecordDetail | undefined;
}

/** The provably fair inputs a vendor's replay data may carry; the server seed is never among them. */
const FAIRNESS_KEYS = ['serverSeedHash', 'clientSeed', 'nonce'] as const;

function fairnessOf(detail: BettingRecordDetail['detail']) {
  if (!detail || typeof detail.serverSeedHash !== 'string') return null;
  return FAIRNESS_KEYS.map((key) => {
    const value = detail[key];
    return [key, typeof value === 'string' || typeof value === 'number' ? String(value) : ''] as const;
  });
}

/**
 * Where the vendor verifies the round, when its replay data names a web address: only http(s), since the
 * address comes from the vendor and is put in a link. The site's language and theme go with it, as they
 * go with a game's launch.
 */
function verifyUrlOf(
  detail: BettingRecordDetail['detail'],
  preferences: { language: string; theme: string },
): string | null {
  const value = detail?.verifyUrl;
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('language', preferences.language);
  url.searchParams.set('theme', preferences.theme);
  return url.href;
}

/** Keys of the replay data shown on their own: the fairness inputs and the verifier's address. */
const SHOWN_KEYS: readonly string[] = [...FAIRNESS_KEYS, 'verifyUrl'];

/** The vendor's replay data without what is shown above it, or null when nothing is left. */
function gameDataOf(detail: BettingRecordDetail['detail']): string | null {
  if (!detail) return null;
  const rest = Object.fromEntries(Object.entries(detail).filter(([key]) => !SHOWN_KEYS.includes(key)));
  return Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : null;
}

/**
 * One round opened from the betting records (the wallet panel's last ones, the member centre's records page):
 * its id and times, every money move of it, and what the vendor sent to replay it. A provably fair round
 * shows its seed hash, client seed and nonce, which verify it once the seed pair is changed and the server
 * seed revealed, and a link to the vendor's verifier when the vendor names one. Its texts are the `detail.*`
 * keys of the namespace `ns` of the feature that shows it (its chunk brings them).
 */
export function RoundDetail({
  id,
  round,
  ns,
  formatSigned,
}: {
  id: string;
  round: RoundDetailQuery;
  ns: 'wallet' | 'member-history';
  formatSigned: (minor: number, currency: string) => string;
}) {
  const { t, i18n } = useTranslation(ns);
  const [language] = useUiLanguage();
  const theme = useThemeStore((state) => state.theme);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'short', timeStyle: 'medium' });

  if (round.isPending) {
    return (
      <div id={id} className={styles.detail}>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }
  if (round.isError || !round.data) {
    return (
      <div id={id} className={styles.detail}>
        <p className={styles.error} role="alert">
          {round.error?.message}
        </p>
      </div>
    );
  }

  const detail = round.data;
  const fairness = fairnessOf(detail.detail);
  const verifyUrl = verifyUrlOf(detail.detail, { language, theme });
  const gameData = gameDataOf(detail.detail);
  return (
    <div id={id} className={styles.detail}>
      <dl className={styles.facts}>
        <div className={styles.wide}>
          <dt>{t('detail.roundId')}</dt>
          <dd className={styles.code}>{detail.roundId}</dd>
        </div>
        <div>
          <dt>{t('detail.startedAt')}</dt>
          <dd>{time.format(new Date(detail.startedAt))}</dd>
        </div>
        <div>
          <dt>{t('detail.settledAt')}</dt>
          <dd>{detail.settledAt ? time.format(new Date(detail.settledAt)) : '—'}</dd>
        </div>
      </dl>

      <section className={styles.part} aria-labelledby={`${id}-moves`}>
        <h4 id={`${id}-moves`}>{t('detail.transactions')}</h4>
        <table className={styles.moves}>
          <thead>
            <tr>
              <th scope="col">{t('detail.kind')}</th>
              <th scope="col">{t('detail.amount')}</th>
              <th scope="col">{t('detail.at')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.transactions.map((move) => (
              <tr key={`${move.kind}-${move.transactionId}`}>
                <td>{t(`detail.kinds.${move.kind}`)}</td>
                <td data-sign={move.kind === 'debit' ? 'minus' : 'plus'}>
                  {formatSigned(move.kind === 'debit' ? -move.amountMinor : move.amountMinor, detail.currency)}
                </td>
                <td>{time.format(new Date(move.at))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {(fairness ?? verifyUrl) && (
        <section className={styles.part} aria-labelledby={`${id}-fair`}>
          <h4 id={`${id}-fair`}>{t('detail.fairness')}</h4>
          {fairness && (
            <dl className={styles.seeds}>
              {fairness.map(([key, value]) => (
                <div key={key}>
                  <dt>{t(`detail.${key}`)}</dt>
                  <dd className={styles.code}>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className={styles.muted}>
            {fairness ? t(verifyUrl ? 'detail.verifyNote' : 'detail.fairnessNote') : t('detail.verifyOnlyNote')}
          </p>
          {verifyUrl && (
            <a className={styles.verify} href={verifyUrl} target="_blank" rel="noopener noreferrer">
              {t('detail.verify')} <span className="visually-hidden">{t('detail.newWindow')}</span>
            </a>
          )}
        </section>
      )}

      {gameData ? (
        <details className={styles.part}>
          <summary>{t('detail.gameData')}</summary>
          {/* Long data scrolls: focusable so a keyboard can scroll it too. */}
          <pre className={styles.data} tabIndex={0}>
            {gameData}
          </pre>
        </details>
      ) : (
        !fairness && !verifyUrl && <p className={styles.muted}>{t('detail.noGameData')}</p>
      )}
    </div>
  );
}
