import { BO_SEA_PRIZE_TIERS, BO_SEA_TIER_COUNTS, BO_VN_PRIZE_TIERS, type BoSeaPrizeTier } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormError, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import {
  useConfirmResult,
  useDrawsAwaiting,
  useEnterResult,
  type DrawAwaiting,
  type ResultFamily,
} from '../api/lottery';
import styles from './lottery.module.css';

// The draws we do not draw, whose results operators enter (issue 38): the Vietnamese regional draws (the state
// lotteries' results) and the SEA 4D draws (Magnum, Sports Toto, Da Ma Cai, Singapore Pools). One page for both,
// driven by the family: only the tiers, the texts and the calls differ.

/** The tiers a draw's result has, in the order they are published. */
function tiersOf(family: ResultFamily, draw: DrawAwaiting): readonly string[] {
  if (family === 'sea') return BO_SEA_PRIZE_TIERS;
  // The north has no eighth prize.
  return BO_VN_PRIZE_TIERS.filter((tier) => !('region' in draw) || draw.region !== 'north' || tier !== 'eighth');
}

/** A tier's name: a 4D draw's special prize is not a Vietnamese draw's (its ten numbers are a lower prize). */
function tierName(t: TFunction, family: ResultFamily, tier: string): string {
  return t(family === 'sea' ? `sea.tiers.${tier}` : `tiers.${tier}`, { defaultValue: tier });
}

/** A tier's field label: a SEA tier says how many numbers it has (its count never varies). */
function tierLabel(t: TFunction, family: ResultFamily, tier: string): string {
  const name = tierName(t, family, tier);
  if (family !== 'sea') return name;
  return t('sea.tierOf', { tier: name, count: BO_SEA_TIER_COUNTS[tier as BoSeaPrizeTier] });
}

/** The entry's numbers by tier, whichever the family. */
function prizesOf(draw: DrawAwaiting): Readonly<Partial<Record<string, readonly string[]>>> {
  return draw.entry?.prizes ?? {};
}

/** A tier's numbers as typed: separated by spaces or commas. */
function numbersOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * A refusal as the operator reads it: the server's words and, for a result the vendor's checker refused, what it
 * found wrong (the tier, and the number's place in it), in the operator's language.
 */
function refusalOf(t: TFunction, family: ResultFamily, error: unknown): string {
  const message = messageOf(error, t('errors.failed'));
  if (!isApiError(error, 'BO_LOTTERY_VN_RESULT_INVALID')) return message;
  const detail = (error.value ?? {}) as { code?: string; tier?: string; index?: number };
  if (!detail.code) return message;
  const said = t(`${family}.checker.${detail.code}`, {
    defaultValue: '',
    tier: detail.tier ? tierName(t, family, detail.tier) : '',
    place: (detail.index ?? 0) + 1,
    count: detail.tier && family === 'sea' ? BO_SEA_TIER_COUNTS[detail.tier as BoSeaPrizeTier] : undefined,
  });
  return said ? `${message} ${said}` : message;
}

interface FamilyProps {
  family: ResultFamily;
  brand: string;
}

/**
 * One draw's result as its lottery published it, typed tier by tier; the vendor checks the family's shape (how many
 * numbers each tier has, and their digits) and says which tier is wrong.
 */
function EntryForm({ family, brand, draw }: FamilyProps & { draw: DrawAwaiting }) {
  const { t } = useTranslation('lottery');
  const enter = useEnterResult(brand, family);
  const tiers = tiersOf(family, draw);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(tiers.map((tier) => [tier, prizesOf(draw)[tier]?.join(' ') ?? ''])),
  );
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const prizes = Object.fromEntries(tiers.map((tier) => [tier, numbersOf(values[tier] ?? '')]));
    setFailure(null);
    try {
      await enter.mutateAsync({ game: draw.gameCode, drawNo: draw.drawNo, prizes });
      toast.success(t('results.entered', { drawNo: draw.drawNo }));
    } catch (error) {
      setFailure(refusalOf(t, family, error));
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('results.formOf', { game: draw.gameCode, drawNo: draw.drawNo })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.tiers}>
        {tiers.map((tier) => (
          <TextField
            key={tier}
            label={tierLabel(t, family, tier)}
            inputMode="numeric"
            value={values[tier]}
            onChange={(event) => setValues({ ...values, [tier]: event.target.value })}
          />
        ))}
      </div>
      <p className={styles.muted}>{t(`${family}.hint`)}</p>
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={enter.isPending}>
          {draw.entry ? t('results.enterAgain') : t('results.enter')}
        </Button>
      </div>
    </form>
  );
}

/** The result another operator entered, to check against the lottery's published one and publish. */
function ConfirmDialog({ family, brand, draw, onClose }: FamilyProps & { draw: DrawAwaiting; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const confirm = useConfirmResult(brand, family);
  const [failure, setFailure] = useState<string | null>(null);
  async function publish() {
    try {
      await confirm.mutateAsync({ game: draw.gameCode, drawNo: draw.drawNo, version: draw.entry!.version });
      toast.success(t('results.published', { drawNo: draw.drawNo }));
      onClose();
    } catch (error) {
      setFailure(refusalOf(t, family, error));
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('results.confirmTitle', { drawNo: draw.drawNo })}
      description={t(`${family}.confirmText`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void publish()} disabled={confirm.isPending}>
            {t('results.publish')}
          </Button>
        </>
      }
    >
      <Prizes family={family} draw={draw} />
      <FormError message={failure} />
    </Dialog>
  );
}

function Prizes({ family, draw }: { family: ResultFamily; draw: DrawAwaiting }) {
  const { t } = useTranslation('lottery');
  const prizes = prizesOf(draw);
  return (
    <dl className={styles.detail}>
      {tiersOf(family, draw)
        .filter((tier) => prizes[tier]?.length)
        .map((tier) => (
          <div key={tier} className={styles.contents}>
            <dt>{tierName(t, family, tier)}</dt>
            <dd className={styles.result}>{prizes[tier]!.join(' ')}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The family's draws whose result is due (issue 38): one operator types the lottery's published result, another
 * checks it and publishes it (the vendor refuses the same operator); a published result never changes, a draw can
 * only be voided. Each step audited.
 */
export function RegionalResultsPage({ family, brand, brandName }: FamilyProps & { brandName: string }) {
  const { t } = useTranslation('lottery');
  const canWrite = useCan('games.write');
  const query = useDrawsAwaiting(brand, family);
  const [confirming, setConfirming] = useState<DrawAwaiting | null>(null);
  const header = <PageHeader title={t(`${family}.title`)} subtitle={t(`${family}.subtitle`, { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const items: readonly DrawAwaiting[] = query.data.items;
  return (
    <>
      {header}
      <p className={styles.note}>{t(`${family}.howTo`)}</p>
      {items.length === 0 && <EmptyState icon="check" title={t('results.empty')} text={t(`${family}.emptyText`)} />}
      {items.map((draw) => (
        <section key={`${draw.gameCode}/${draw.drawNo}`} className={styles.card} aria-label={draw.drawNo}>
          <h2 className={styles.cardTitle}>
            {draw.gameCode} · {draw.date}
            <span className={styles.code}>
              {draw.drawNo} · {formatTime(draw.drawsAt)}
            </span>
          </h2>
          {draw.entry ? (
            <>
              <p>
                <Badge tone={draw.entry.enteredByYou ? 'warn' : 'ok'}>
                  {draw.entry.enteredByYou ? t('results.byYou') : t('results.byOther', { by: draw.entry.enteredBy })}
                </Badge>{' '}
                <span className={styles.muted}>{formatTime(draw.entry.enteredAt)}</span>
              </p>
              <Prizes family={family} draw={draw} />
              {canWrite && !draw.entry.enteredByYou && (
                <div className={styles.detailActions}>
                  <Button onClick={() => setConfirming(draw)}>{t('results.check')}</Button>
                </div>
              )}
            </>
          ) : (
            <p>
              <Badge tone="warn">{t('results.none')}</Badge>
            </p>
          )}
          {canWrite && <EntryForm key={draw.entry?.version ?? 0} family={family} brand={brand} draw={draw} />}
        </section>
      ))}
      {confirming && (
        <ConfirmDialog family={family} brand={brand} draw={confirming} onClose={() => setConfirming(null)} />
      )}
    </>
  );
}
