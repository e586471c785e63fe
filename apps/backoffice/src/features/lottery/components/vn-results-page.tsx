import { BO_VN_PRIZE_TIERS, type BoVnDrawAwaiting } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormError, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useConfirmVnResult, useEnterVnResult, useVnDrawsAwaiting } from '../api/lottery';
import styles from './lottery.module.css';

type Tier = (typeof BO_VN_PRIZE_TIERS)[number];

/** A tier's numbers as typed: separated by spaces or commas. */
function numbersOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * One draw's result as the state lottery published it, typed tier by tier; the vendor checks the region's shape
 * (how many numbers each tier has, and their digits) and says which tier is wrong.
 */
function EntryForm({ brand, draw }: { brand: string; draw: BoVnDrawAwaiting }) {
  const { t } = useTranslation('lottery');
  const enter = useEnterVnResult(brand);
  const tiers = BO_VN_PRIZE_TIERS.filter((tier) => draw.region !== 'north' || tier !== 'eighth');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(tiers.map((tier) => [tier, draw.entry?.prizes[tier]?.join(' ') ?? ''])),
  );
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const prizes = Object.fromEntries(tiers.map((tier) => [tier, numbersOf(values[tier] ?? '')]));
    setFailure(null);
    try {
      await enter.mutateAsync({ game: draw.gameCode, drawNo: draw.drawNo, prizes });
      toast.success(t('vn.entered', { drawNo: draw.drawNo }));
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('vn.formOf', { game: draw.gameCode, drawNo: draw.drawNo })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.tiers}>
        {tiers.map((tier) => (
          <TextField
            key={tier}
            label={t(`tiers.${tier}`)}
            inputMode="numeric"
            value={values[tier]}
            onChange={(event) => setValues({ ...values, [tier]: event.target.value })}
          />
        ))}
      </div>
      <p className={styles.muted}>{t('vn.hint')}</p>
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={enter.isPending}>
          {draw.entry ? t('vn.enterAgain') : t('vn.enter')}
        </Button>
      </div>
    </form>
  );
}

/** The result another operator entered, to check against the state lottery's and publish. */
function ConfirmDialog({ brand, draw, onClose }: { brand: string; draw: BoVnDrawAwaiting; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const confirm = useConfirmVnResult(brand);
  const [failure, setFailure] = useState<string | null>(null);
  async function publish() {
    try {
      await confirm.mutateAsync({ game: draw.gameCode, drawNo: draw.drawNo, version: draw.entry!.version });
      toast.success(t('vn.published', { drawNo: draw.drawNo }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('vn.confirmTitle', { drawNo: draw.drawNo })}
      description={t('vn.confirmText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void publish()} disabled={confirm.isPending}>
            {t('vn.publish')}
          </Button>
        </>
      }
    >
      <Prizes draw={draw} />
      <FormError message={failure} />
    </Dialog>
  );
}

function Prizes({ draw }: { draw: BoVnDrawAwaiting }) {
  const { t } = useTranslation('lottery');
  return (
    <dl className={styles.detail}>
      {BO_VN_PRIZE_TIERS.filter((tier: Tier) => draw.entry?.prizes[tier]?.length).map((tier) => (
        <div key={tier} className={styles.contents}>
          <dt>{t(`tiers.${tier}`)}</dt>
          <dd className={styles.result}>{draw.entry!.prizes[tier]!.join(' ')}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The regional draws whose result is due (issue 38): one operator types the state lottery's result, another checks
 * it and publishes it (the vendor refuses the same operator); a published result never changes, a draw can only be
 * voided. Each step audited.
 */
export function VnResultsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('lottery');
  const canWrite = useCan('games.write');
  const query = useVnDrawsAwaiting(brand);
  const [confirming, setConfirming] = useState<BoVnDrawAwaiting | null>(null);
  const header = <PageHeader title={t('vn.title')} subtitle={t('vn.subtitle', { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <>
      {header}
      <p className={styles.note}>{t('vn.howTo')}</p>
      {query.data.items.length === 0 && <EmptyState icon="check" title={t('vn.empty')} text={t('vn.emptyText')} />}
      {query.data.items.map((draw) => (
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
                  {draw.entry.enteredByYou ? t('vn.byYou') : t('vn.byOther', { by: draw.entry.enteredBy })}
                </Badge>{' '}
                <span className={styles.muted}>{formatTime(draw.entry.enteredAt)}</span>
              </p>
              <Prizes draw={draw} />
              {canWrite && !draw.entry.enteredByYou && (
                <div className={styles.detailActions}>
                  <Button onClick={() => setConfirming(draw)}>{t('vn.check')}</Button>
                </div>
              )}
            </>
          ) : (
            <p>
              <Badge tone="warn">{t('vn.none')}</Badge>
            </p>
          )}
          {canWrite && <EntryForm key={draw.entry?.version ?? 0} brand={brand} draw={draw} />}
        </section>
      ))}
      {confirming && <ConfirmDialog brand={brand} draw={confirming} onClose={() => setConfirming(null)} />}
    </>
  );
}
