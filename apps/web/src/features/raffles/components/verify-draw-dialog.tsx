import type { RaffleDraw, RaffleItem } from '@parlay/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useRaffleDraw } from '../api/raffles';
import { checkDraw, type DrawCheck } from './check-draw';
import type { RaffleFormats } from './format';
import styles from './raffles.module.css';

interface VerifyDrawDialogProps {
  /** The drawn raffle checked; null: closed. */
  raffle: RaffleItem | null;
  formats: RaffleFormats;
  onClose: () => void;
}

/** The browser's own check of a draw, recomputed whenever its proof arrives. */
function useDrawCheck(draw: RaffleDraw | undefined): { check: DrawCheck | null; failed: boolean } {
  const [result, setResult] = useState<{ of: RaffleDraw; check: DrawCheck | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!draw) return;
    let current = true;
    checkDraw(draw).then(
      (check) => current && setResult({ of: draw, check, failed: false }),
      // A proof the draw cannot even run on (a count of 0, an empty seed) is no proof.
      () => current && setResult({ of: draw, check: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [draw]);
  return result !== null && result.of === draw ? result : { check: null, failed: false };
}

/**
 * "Verify the draw" (docs/decisions/0055-raffles.md): the hash committed before the sale, the seed revealed after it,
 * the public ticket list and the winners; the browser hashes the seed and draws the winners again with
 * @parlay/fairness, and says whether both match what was published.
 */
export function VerifyDrawDialog({ raffle, formats, onClose }: VerifyDrawDialogProps) {
  const { t } = useTranslation('raffles');
  const draw = useRaffleDraw(raffle?.id ?? 0, raffle !== null);
  const { check, failed } = useDrawCheck(draw.data);
  const data = draw.data;
  return (
    <Modal
      open={raffle !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      name="raffle-verify"
      title={raffle ? t('verify.title', { title: raffle.title }) : ''}
      width={720}
      height={0}
    >
      <div className={styles.verify} data-testid="raffle-verify">
        <p className={styles.muted}>{t('verify.intro')}</p>
        {draw.isError && (
          <p className={styles.error} role="alert">
            {draw.error instanceof ApiError ? draw.error.message : t('errors.draw')}
          </p>
        )}
        {!data && !draw.isError && <p className={styles.muted}>{t('verify.loading')}</p>}
        {data && (
          <>
            <Verdict check={check} failed={failed} />
            <dl className={styles.proof}>
              <div>
                <dt>{t('verify.algorithm')}</dt>
                <dd className={styles.mono}>{data.algorithm}</dd>
              </div>
              <div>
                <dt>{t('verify.seedHash')}</dt>
                <dd className={styles.mono} data-testid="verify-seed-hash">
                  {data.seedHash}
                </dd>
              </div>
              <div>
                <dt>{t('verify.seed')}</dt>
                <dd className={styles.mono} data-testid="verify-seed">
                  {data.seed}
                </dd>
              </div>
              <div>
                <dt>{t('verify.seedSha256')}</dt>
                <dd className={styles.mono} data-match={check?.hashMatches}>
                  {check ? check.seedSha256 : '…'}
                </dd>
              </div>
            </dl>
            <Winners data={data} check={check} formats={formats} />
            <TicketList data={data} formats={formats} />
          </>
        )}
      </div>
    </Modal>
  );
}

function Verdict({ check, failed }: { check: DrawCheck | null; failed: boolean }) {
  const { t } = useTranslation('raffles');
  if (!check && !failed) return <p className={styles.muted}>{t('verify.checking')}</p>;
  const verified = check?.verified ?? false;
  const reasons = check
    ? [
        !check.hashMatches && t('verify.reasons.hash'),
        !check.listConsistent && t('verify.reasons.list'),
        !check.winnersMatch && t('verify.reasons.winners'),
      ].filter((reason): reason is string => typeof reason === 'string')
    : [t('verify.reasons.invalid')];
  return (
    <div className={styles.verdict} data-verified={verified} role="status" data-testid="verify-result">
      <strong>{verified ? t('verify.verified') : t('verify.notVerified')}</strong>
      <span>{verified ? t('verify.verifiedText') : reasons.join(' ')}</span>
    </div>
  );
}

/** The published winners beside those recomputed here, rank for rank. */
function Winners({ data, check, formats }: { data: RaffleDraw; check: DrawCheck | null; formats: RaffleFormats }) {
  const { t } = useTranslation('raffles');
  return (
    <div className={styles.tableBox}>
      <table className={styles.table}>
        <caption>{t('verify.winners')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('verify.columns.rank')}</th>
            <th scope="col">{t('verify.columns.account')}</th>
            <th scope="col" className={styles.number}>
              {t('verify.columns.ticket')}
            </th>
            <th scope="col" className={styles.number}>
              {t('verify.columns.recomputed')}
            </th>
            <th scope="col" className={styles.number}>
              {t('verify.columns.prize')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.winners.length === 0 && (
            <tr>
              <td colSpan={5}>{t('noWinners')}</td>
            </tr>
          )}
          {data.winners.map((winner, index) => {
            const again = check?.winners[index];
            const same = again !== undefined && again.ticket === winner.ticket && again.entry === winner.entry;
            return (
              <tr key={winner.rank}>
                <td>{t('rank', { rank: winner.rank })}</td>
                <td className={styles.account}>{winner.account}</td>
                <td className={styles.number}>{formats.count(winner.ticket)}</td>
                <td className={styles.number} data-match={check ? same : undefined}>
                  {again ? formats.count(again.ticket) : '…'}
                </td>
                <td className={styles.number}>{formats.money(winner.prizeMinor)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The frozen ticket list: each entrant's consecutive tickets. */
function TicketList({ data, formats }: { data: RaffleDraw; formats: RaffleFormats }) {
  const { t } = useTranslation('raffles');
  return (
    <div className={`${styles.tableBox} ${styles.tickets}`}>
      <table className={styles.table} data-testid="verify-tickets">
        <caption>{t('verify.tickets', { count: data.totalTickets, value: formats.count(data.totalTickets) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('verify.columns.entry')}</th>
            <th scope="col">{t('verify.columns.account')}</th>
            <th scope="col" className={styles.number}>
              {t('verify.columns.numbers')}
            </th>
            <th scope="col" className={styles.number}>
              {t('verify.columns.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((entry) => {
            const last = entry.firstTicket + entry.count - 1;
            return (
              <tr key={entry.entry}>
                <td>{formats.count(entry.entry)}</td>
                <td className={styles.account}>{entry.account}</td>
                <td className={styles.number}>
                  {entry.count === 1
                    ? formats.count(entry.firstTicket)
                    : `${formats.count(entry.firstTicket)} – ${formats.count(last)}`}
                </td>
                <td className={styles.number}>{formats.count(entry.count)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
