import type { MemberApplication, MemberBonus, MissionItem, RaffleItem } from '@parlay/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-rewards.json';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format-money';
import { useMemberCentreStore } from '../../../../lib/member-centre-store';
import { useClaimRebates } from '../manual-rebate/api/claim-rebates';
import { useRebates } from '../manual-rebate/api/get-rebates';
import { useClaimMission } from '../mission-leaderboard/api/claim-mission';
import { useMissionSummary } from '../mission-leaderboard/api/get-mission-summary';
import { useActiveBonuses, useJoinRaffle, useMyApplications, useMyRaffles } from './api/get-reward-centre';
import styles from './reward-center.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-rewards', texts);

/** Applications the centre shows: the newest few; the promotions page lists them all. */
const APPLICATIONS_SHOWN = 3;
/** Raffles won the centre shows at most, newest draw first. */
const RAFFLES_WON_SHOWN = 3;

type Money = (minor: number) => string;

/** What the last claim paid, as the text's key and its values. */
interface Notice {
  key: 'cashback.paid' | 'missions.paid';
  values: Record<string, string>;
  /** The mission paid: its title is read again in the language shown. */
  missionId?: number;
}

/** Money in a call's currency, in the page's language. */
function moneyIn(locale: string, currency: string, exponent: number): Money {
  return (minor) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' });
}

/** The server's words of a refused claim, or a general line. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * rewardCenter, the reward centre (docs/product/member-centre.md#rewards-missions-and-promotions, decision 0058): what
 * I can claim now, read from the calls that own it: cashback ready (one Claim, cashback's), missions ready (a Claim
 * each, the missions'), my active bonuses with their wagering (bonusDetails has the rest), and my applications'
 * results. Nothing ready says so, with where rewards come from.
 */
export default function RewardCenterPage() {
  const { t, i18n } = useTranslation('member-rewards');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const rebates = useRebates();
  const missions = useMissionSummary();
  const bonuses = useActiveBonuses();
  const applications = useMyApplications();
  const raffles = useMyRaffles();
  const reads = [rebates, missions, bonuses, applications, raffles];
  // What the last claim paid: kept here, as the card it came from goes once nothing is left in it to claim.
  // The text's key and values, not the text: it follows a change of language.
  const [notice, setNotice] = useState<Notice | null>(null);

  if (reads.some((read) => read.isPending)) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }
  if (reads.every((read) => read.isError)) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error')}
          action={
            <Button variant="secondary" onClick={() => reads.forEach((read) => void read.refetch())}>
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const claimableMinor = rebates.data?.claimableMinor ?? 0;
  const ready = (missions.data?.items ?? []).filter((mission) => mission.state === 'claim');
  const active = bonuses.data?.items ?? [];
  const results = (applications.data?.items ?? []).slice(0, APPLICATIONS_SHOWN);
  // Raffles: one the member holds tickets in and may still join (ready: joining is its claim), one joined and waiting
  // for its draw, and the newest ones won.
  const raffleItems = (raffles.data?.items ?? []).filter(
    (raffle) => (raffle.state === 'join' && (raffle.tickets ?? 0) > 0) || raffle.state === 'joined',
  );
  const won = (raffles.data?.items ?? []).filter((raffle) => raffle.state === 'issued').slice(0, RAFFLES_WON_SHOWN);
  const claimNow =
    (claimableMinor > 0 ? 1 : 0) + ready.length + raffleItems.filter((raffle) => raffle.state === 'join').length;
  const nothing =
    claimNow === 0 && active.length === 0 && results.length === 0 && raffleItems.length === 0 && won.length === 0;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted} data-testid="reward-ready-count">
          {claimNow > 0 ? t('readyCount', { count: claimNow }) : t('readyNone')}
        </p>
      </header>
      {notice && (
        <p className={styles.success} role="status">
          {t(notice.key, {
            ...notice.values,
            title: missions.data?.items.find((item) => item.id === notice.missionId)?.title ?? notice.values['title'],
          })}
        </p>
      )}
      {nothing ? (
        <EmptyState
          icon="gift"
          title={t('empty.title')}
          text={t('empty.text')}
          action={
            <Button variant="secondary" onClick={() => openMemberCentre('missionLeaderboard')}>
              {t('empty.missions')}
            </Button>
          }
        />
      ) : (
        <>
          {rebates.data && claimableMinor > 0 && (
            <CashbackReady
              claimableMinor={claimableMinor}
              money={moneyIn(locale, rebates.data.currency, rebates.data.currencyExponent)}
              onPaid={setNotice}
            />
          )}
          {missions.data && ready.length > 0 && (
            <MissionsReady
              items={ready}
              money={moneyIn(locale, missions.data.currency, missions.data.currencyExponent)}
              onPaid={setNotice}
            />
          )}
          {raffles.data && raffleItems.length + won.length > 0 && (
            <Raffles
              items={[...raffleItems, ...won]}
              money={moneyIn(locale, raffles.data.currency, raffles.data.currencyExponent)}
              locale={locale}
            />
          )}
          {bonuses.data && active.length > 0 && (
            <ActiveBonuses
              items={active}
              money={moneyIn(locale, bonuses.data.currency, bonuses.data.currencyExponent)}
              onDetails={() => openMemberCentre('bonusDetails')}
            />
          )}
          {applications.data && results.length > 0 && (
            <ApplicationResults
              items={results}
              money={moneyIn(locale, applications.data.currency, applications.data.currencyExponent)}
            />
          )}
        </>
      )}
    </div>
  );
}

function CashbackReady({
  claimableMinor,
  money,
  onPaid,
}: {
  claimableMinor: number;
  money: Money;
  onPaid: (notice: Notice) => void;
}) {
  const { t } = useTranslation('member-rewards');
  const claim = useClaimRebates();
  // One id per claim attempt: a retry of an attempt that got no answer sends the same one (paid once).
  const pending = useRef<string | null>(null);
  const onClaim = () => {
    pending.current ??= `web-${crypto.randomUUID()}`;
    claim.mutate(
      { requestId: pending.current },
      {
        onSuccess: (result) => {
          pending.current = null;
          onPaid({ key: 'cashback.paid', values: { amount: money(result.amountMinor) } });
        },
        onError: (error) => {
          if (error instanceof ApiError) pending.current = null;
        },
      },
    );
  };
  return (
    <section className={styles.card} aria-labelledby="reward-cashback" data-testid="reward-cashback">
      <div className={styles.row}>
        <div className={styles.what}>
          <h3 id="reward-cashback" className={styles.heading}>
            {t('cashback.title')}
          </h3>
          <strong className={styles.amount}>{money(claimableMinor)}</strong>
          <span className={styles.muted}>{t('cashback.text')}</span>
        </div>
        <Button onClick={onClaim} disabled={claim.isPending} aria-busy={claim.isPending || undefined}>
          {claim.isPending ? t('claiming') : t('claim')}
        </Button>
      </div>
      {claim.error && (
        <p className={styles.error} role="alert">
          {errorText(claim.error, t('claimFailed'))}
        </p>
      )}
    </section>
  );
}

function MissionsReady({
  items,
  money,
  onPaid,
}: {
  items: MissionItem[];
  money: Money;
  onPaid: (notice: Notice) => void;
}) {
  const { t } = useTranslation('member-rewards');
  const claim = useClaimMission();
  return (
    <section className={styles.card} aria-labelledby="reward-missions" data-testid="reward-missions">
      <h3 id="reward-missions" className={styles.heading}>
        {t('missions.title')}
      </h3>
      {claim.error && (
        <p className={styles.error} role="alert">
          {errorText(claim.error, t('claimFailed'))}
        </p>
      )}
      <ul className={styles.list}>
        {items.map((mission) => (
          <li key={mission.id} className={styles.row} data-testid={`reward-mission-${mission.code}`}>
            <div className={styles.what}>
              <strong>{mission.title}</strong>
              <span className={styles.muted}>{t('missions.reward', { amount: money(mission.rewardMinor) })}</span>
            </div>
            <Button
              size="small"
              disabled={claim.isPending}
              onClick={() =>
                claim.mutate(
                  { missionId: mission.id },
                  {
                    onSuccess: (result) =>
                      onPaid({
                        key: 'missions.paid',
                        values: { title: mission.title, amount: money(result.amountMinor) },
                        missionId: mission.id,
                      }),
                  },
                )
              }
            >
              {t('claim')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActiveBonuses({ items, money, onDetails }: { items: MemberBonus[]; money: Money; onDetails: () => void }) {
  const { t } = useTranslation('member-rewards');
  return (
    <section className={styles.card} aria-labelledby="reward-bonuses" data-testid="reward-bonuses">
      <div className={styles.row}>
        <h3 id="reward-bonuses" className={styles.heading}>
          {t('bonuses.title')}
        </h3>
        <Button size="small" variant="secondary" onClick={onDetails}>
          {t('bonuses.details')}
        </Button>
      </div>
      <ul className={styles.list}>
        {items.map((bonus) => (
          <li key={bonus.id} className={styles.bonus}>
            <div className={styles.row}>
              <strong>{bonus.title}</strong>
              <span className={styles.muted}>{money(bonus.amountMinor)}</span>
            </div>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={t('bonuses.progress', { title: bonus.title })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={bonus.progressPercent}
            >
              <span style={{ width: `${bonus.progressPercent}%` }} />
            </div>
            <span className={styles.muted}>
              {t('bonuses.wagered', {
                done: money(bonus.wageringDoneMinor),
                required: money(bonus.wageringRequiredMinor),
                left: money(bonus.wageringLeftMinor),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApplicationResults({ items, money }: { items: MemberApplication[]; money: Money }) {
  const { t } = useTranslation('member-rewards');
  return (
    <section className={styles.card} aria-labelledby="reward-applications" data-testid="reward-applications">
      <h3 id="reward-applications" className={styles.heading}>
        {t('applications.title')}
      </h3>
      <ul className={styles.list}>
        {items.map((application) => (
          <li key={application.id} className={styles.row}>
            <div className={styles.what}>
              <strong>{application.title}</strong>
              {application.status === 'issued' && application.rewardMinor !== null && (
                <span className={styles.muted}>
                  {t('applications.paid', { amount: money(application.rewardMinor) })}
                </span>
              )}
              {application.status === 'rejected' && application.rejectReason && (
                <span className={styles.muted}>{t('applications.reason', { reason: application.rejectReason })}</span>
              )}
            </div>
            <span className={styles.state} data-state={application.status}>
              {t(`applications.status.${application.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Raffles({ items, money, locale }: { items: RaffleItem[]; money: Money; locale: string }) {
  const { t } = useTranslation('member-rewards');
  const join = useJoinRaffle();
  const drawTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.card} aria-labelledby="reward-raffles" data-testid="reward-raffles">
      <h3 id="reward-raffles" className={styles.heading}>
        {t('raffles.title')}
      </h3>
      {join.error && (
        <p className={styles.error} role="alert">
          {errorText(join.error, t('raffles.joinFailed'))}
        </p>
      )}
      <ul className={styles.list}>
        {items.map((raffle) => (
          <li key={raffle.id} className={styles.row} data-testid={`reward-raffle-${raffle.code}`}>
            <div className={styles.what}>
              <strong>{raffle.title}</strong>
              <span className={styles.muted}>
                {raffle.state === 'issued' && raffle.prize
                  ? t('raffles.won', { rank: raffle.prize.rank, amount: money(raffle.prize.amountMinor) })
                  : t(raffle.state === 'join' ? 'raffles.mayJoin' : 'raffles.joined', {
                      count: raffle.tickets ?? 0,
                      time: drawTime.format(new Date(raffle.drawAt)),
                    })}
              </span>
            </div>
            {raffle.state === 'join' ? (
              <Button size="small" disabled={join.isPending} onClick={() => join.mutate(raffle.id)}>
                {t('raffles.join')}
              </Button>
            ) : (
              <span className={styles.state} data-state={raffle.state}>
                {t(`raffles.state.${raffle.state}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
