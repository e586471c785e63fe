import type { RaffleItem } from '@parlay/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { addKoreanTexts } from '../../../i18n';
import texts from '../../../i18n/locales/ko/raffles.json';
import { ApiError } from '../../../lib/api-client';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useJoinRaffle, useRaffleDraw, useRaffles } from '../api/raffles';
import { formatsFor, labelOf, rulesInWords, type RaffleFormats } from './format';
import styles from './raffles.module.css';
import { VerifyDrawDialog } from './verify-draw-dialog';

// The Korean texts of the raffles come with the promotions page's chunk, not the first load (decision 0008).
addKoreanTexts('raffles', texts);

/** What the last join came to: joined (now or before), or the server's refusal. */
type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** Now, read again every minute: a visitor's card moves from coming soon to open to draw pending on its own. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The brand's raffles on /promotions (docs/decisions/0055-raffles.md, MCS2_claimRafflePromotion): each with its prizes,
 * sale window and draw time, how tickets are earned, the member's tickets and state, and its one action: Join (Log in
 * to join for a visitor). A drawn raffle shows its winners and "Verify the draw", which recomputes them in the browser.
 * Nothing shows while the brand has none.
 */
export function RaffleSection() {
  const { t, i18n } = useTranslation('raffles');
  const signedIn = useSessionStore((state) => state.token !== null);
  const raffles = useRaffles();
  const join = useJoinRaffle();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // By id: the dialog's title follows the list when the language changes while it is open.
  const [verifyingId, setVerifyingId] = useState<number | null>(null);
  const now = useMinuteClock();
  const data = raffles.data;
  const items = data?.items ?? [];
  if (!data || items.length === 0) return null;
  const formats = formatsFor(i18n.resolvedLanguage ?? i18n.language, data.currency, data.currencyExponent);
  const verifying = items.find((raffle) => raffle.id === verifyingId) ?? null;

  const onJoin = (raffle: RaffleItem) => {
    setOutcome(null);
    join.mutate(raffle.id, {
      onSuccess: (result) =>
        setOutcome({
          kind: 'done',
          text: t(result.joinedNow ? 'joined' : 'alreadyJoined', { title: result.raffle.title }),
        }),
      onError: (cause) =>
        setOutcome({ kind: 'failed', text: cause instanceof ApiError ? cause.message : t('errors.join') }),
    });
  };

  return (
    <section className={styles.section} aria-labelledby="raffles-title" data-testid="raffles">
      <div className={styles.header}>
        <h2 id="raffles-title" className={styles.title}>
          {t('title')}
        </h2>
        <p className={styles.muted}>{t('intro')}</p>
      </div>
      {outcome && (
        <p
          className={outcome.kind === 'done' ? styles.notice : styles.error}
          role={outcome.kind === 'done' ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
      <ul className={styles.raffles}>
        {items.map((raffle) => (
          <RaffleCard
            key={raffle.id}
            raffle={raffle}
            formats={formats}
            now={now}
            signedIn={signedIn}
            isJoining={join.isPending && join.variables === raffle.id}
            onJoin={onJoin}
            onVerify={() => setVerifyingId(raffle.id)}
          />
        ))}
      </ul>
      <VerifyDrawDialog raffle={verifying} formats={formats} onClose={() => setVerifyingId(null)} />
    </section>
  );
}

interface RaffleCardProps {
  raffle: RaffleItem;
  formats: RaffleFormats;
  /** Now, as the section's minute clock reads it. */
  now: number;
  signedIn: boolean;
  isJoining: boolean;
  onJoin: (raffle: RaffleItem) => void;
  onVerify: () => void;
}

function RaffleCard({ raffle, formats, now, signedIn, isJoining, onJoin, onVerify }: RaffleCardProps) {
  const { t } = useTranslation('raffles');
  const label = labelOf(raffle, now);
  const drawn = raffle.status === 'drawn';
  const titleId = `raffle-${raffle.id}-title`;
  return (
    <li className={styles.raffle} data-testid={`raffle-${raffle.code}`} data-state={label} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.raffleTitle}>
          {raffle.title}
        </h3>
        <span className={styles.state} data-state={label} data-testid="raffle-state">
          {t(`state.${label}`)}
        </span>
      </div>
      {raffle.summary && <p className={styles.summary}>{raffle.summary}</p>}

      <div className={styles.block}>
        <span className={styles.label}>{t('prizes')}</span>
        <ol className={styles.prizes} data-testid="raffle-prizes">
          {raffle.prizes.map((prize) => (
            <li key={prize.rank}>
              <span className={styles.rank}>{t('rank', { rank: prize.rank })}</span>
              <strong className={styles.amount}>{formats.money(prize.amountMinor)}</strong>
            </li>
          ))}
        </ol>
      </div>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('sale')}</dt>
          <dd>{t('window', { from: formats.time(raffle.saleStartsAt), to: formats.time(raffle.saleEndsAt) })}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{drawn ? t('drawnAt') : t('drawAt')}</dt>
          <dd>{formats.time(raffle.drawnAt ?? raffle.drawAt)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('howTo')}</dt>
          <dd>
            <ul className={styles.rules}>
              {rulesInWords(t, raffle, formats).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      {signedIn && raffle.tickets !== null && <MyTickets raffle={raffle} formats={formats} />}

      {drawn && <Winners raffle={raffle} formats={formats} />}

      <div className={styles.actions}>
        {raffle.state === 'join' && (
          <Button size="small" onClick={() => onJoin(raffle)} disabled={isJoining} aria-describedby={titleId}>
            {isJoining ? t('joining') : t('join')}
          </Button>
        )}
        {!signedIn && label === 'join' && (
          <Button
            size="small"
            variant="secondary"
            onClick={() => openModal('loginPopupModal')}
            aria-describedby={titleId}
          >
            {t('signIn')}
          </Button>
        )}
        {drawn && (
          <Button size="small" variant="secondary" onClick={onVerify} aria-describedby={titleId}>
            {t('verify.open')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The member's tickets and what they mean in this state: earned but not in the draw yet, in it, or won with. */
function MyTickets({ raffle, formats }: { raffle: RaffleItem; formats: RaffleFormats }) {
  const { t } = useTranslation('raffles');
  const tickets = raffle.tickets ?? 0;
  return (
    <div className={styles.mine} data-testid="raffle-tickets">
      <p className={styles.ticketCount}>{t('tickets', { count: tickets, value: formats.count(tickets) })}</p>
      {raffle.state === 'join' && <p className={styles.hint}>{t('ticketsHint.join')}</p>}
      {raffle.state === 'joined' && (
        <p className={styles.hint}>
          {raffle.status === 'drawn'
            ? t('ticketsHint.drawn')
            : t(tickets > 0 ? 'ticketsHint.joined' : 'ticketsHint.joinedNone')}
        </p>
      )}
      {raffle.state === 'issued' && raffle.prize && (
        <p className={styles.won}>
          {t('won', { rank: t('rank', { rank: raffle.prize.rank }), amount: formats.money(raffle.prize.amountMinor) })}
        </p>
      )}
    </div>
  );
}

/** A drawn raffle's winners, from its public proof (masked accounts). */
function Winners({ raffle, formats }: { raffle: RaffleItem; formats: RaffleFormats }) {
  const { t } = useTranslation('raffles');
  const draw = useRaffleDraw(raffle.id, true);
  if (!draw.data) return null;
  return (
    <div className={styles.block}>
      <span className={styles.label}>{t('winners')}</span>
      {draw.data.winners.length === 0 ? (
        <p className={styles.hint}>{t('noWinners')}</p>
      ) : (
        <ol className={styles.winners} data-testid="raffle-winners">
          {draw.data.winners.map((winner) => (
            <li key={winner.rank}>
              <span className={styles.rank}>{t('rank', { rank: winner.rank })}</span>
              <span className={styles.account}>{winner.account}</span>
              <span className={styles.hint}>{t('ticketNo', { ticket: formats.count(winner.ticket) })}</span>
              <strong className={styles.amount}>{formats.money(winner.prizeMinor)}</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
