import type { MemberBonus } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-bonuses.json';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format-money';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../../../lib/member-centre-store';
import { useForfeitBonus } from './api/forfeit-bonus';
import { useBonuses } from './api/get-bonuses';
import styles from './bonus-details.module.css';
import { BonusCard } from './components/bonus-card';
import { ForfeitDialog } from './components/forfeit-dialog';
import { newRequestId } from './lib';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-bonuses', texts);

/**
 * Whether forfeiting `bonus` (a separate one) ends the member's last separate bonus still being wagered, which takes
 * the whole bonus balance back (its winnings too): true or false as the loaded pages say, null when a page not yet
 * read could hold another.
 */
function lastSeparate(bonus: MemberBonus, loaded: MemberBonus[], more: boolean): boolean | null {
  const other = loaded.some(
    (item) => item.id !== bonus.id && item.status === 'active' && item.balanceMode === 'separate',
  );
  if (other) return false;
  return more ? null : true;
}

/** What the last forfeit came to: its bonus's title and what was taken back, or the server's refusal. */
type Outcome = { kind: 'done'; title: string; takenBackMinor: number } | { kind: 'failed'; message: string };

/**
 * bonusDetails (docs/product/member-centre.md#records, docs/product/calls.md#bonuses): each of my
 * bonuses with its promotion, amount, status, wagering done of required and expiry, what my active bonuses still hold
 * back from a withdrawal, my bonus balance where a brand pays bonuses apart (decision 0063), and Forfeit behind a
 * dialog that says what it takes back.
 */
export default function BonusDetailsPage() {
  const { t, i18n } = useTranslation('member-bonuses');
  const list = useBonuses();
  const forfeit = useForfeitBonus();
  const [asking, setAsking] = useState<{ bonus: MemberBonus; requestId: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const first = list.data?.pages[0];

  if (list.isError && !first) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={list.error instanceof ApiError ? list.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!first) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number) =>
    formatMoney(minor, { currency: first.currency, exponent: first.currencyExponent, locale, display: 'symbol' });
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (iso: string) => timeFormat.format(new Date(iso));
  const percentFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const formatPercent = (bp: number) => percentFormat.format(bp / 100);
  const bonuses = (list.data?.pages ?? []).flatMap((page) => page.items);
  const canDeposit = isBuiltMemberCentrePage('depositv2');
  // The bonus balance shows once there is one, or a bonus paid into it (its money may all be staked just now).
  const hasBonusBalance = first.bonusBalanceMinor > 0 || bonuses.some((bonus) => bonus.balanceMode === 'separate');

  // The bonus asked about as the list now reads it: its title follows a change of language while the dialog is open.
  const askedBonus = asking ? (bonuses.find((bonus) => bonus.id === asking.bonus.id) ?? asking.bonus) : null;

  function confirmForfeit() {
    if (!asking) return;
    const { bonus, requestId } = asking;
    forfeit.mutate(
      { bonusId: bonus.id, requestId },
      {
        onSuccess: (result) => {
          setAsking(null);
          setOutcome({ kind: 'done', title: result.bonus.title, takenBackMinor: result.takenBackMinor });
        },
        onError: (cause) => {
          // A refusal moved nothing; an unanswered request keeps its requestId for the next try of the same dialog.
          if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) setAsking(null);
          setOutcome({ kind: 'failed', message: cause instanceof ApiError ? cause.message : t('forfeit.failed') });
        },
      },
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('intro')}</p>
      </header>

      {hasBonusBalance && (
        <section className={styles.bonusBalance} aria-labelledby="bonus-balance-label" data-testid="bonus-balance">
          <h3 id="bonus-balance-label" className={styles.label}>
            {t('bonusBalance.title')}
          </h3>
          <p className={styles.bonusBalanceAmount}>{format(first.bonusBalanceMinor)}</p>
          <p className={styles.hint}>{t('bonusBalance.text')}</p>
        </section>
      )}
      {first.lockedMinor > 0 && (
        <p className={styles.locked} data-testid="bonus-locked">
          {t('locked', { amount: format(first.lockedMinor), left: format(first.wageringLeftMinor) })}
        </p>
      )}
      {outcome?.kind === 'done' && (
        <p className={styles.notice} role="status">
          {t('forfeit.done', { title: outcome.title, amount: format(outcome.takenBackMinor) })}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {outcome.message}
        </p>
      )}

      {bonuses.length === 0 ? (
        <EmptyState
          icon="gift"
          title={t('empty.title')}
          text={t('empty.text')}
          action={
            canDeposit ? (
              <Button variant="secondary" onClick={() => useMemberCentreStore.getState().openMemberCentre('depositv2')}>
                {t('empty.deposit')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className={styles.list} aria-label={t('title')}>
          {bonuses.map((bonus) => (
            <BonusCard
              key={bonus.id}
              bonus={bonus}
              format={format}
              formatTime={formatTime}
              formatPercent={formatPercent}
              onForfeit={(chosen) => {
                setOutcome(null);
                setAsking({ bonus: chosen, requestId: newRequestId() });
              }}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('more')}
        </Button>
      )}

      <ForfeitDialog
        bonus={askedBonus}
        bonusBalanceMinor={first.bonusBalanceMinor}
        lastSeparate={askedBonus ? lastSeparate(askedBonus, bonuses, list.hasNextPage) : null}
        isPending={forfeit.isPending}
        format={format}
        onConfirm={confirmForfeit}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
