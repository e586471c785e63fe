import { MAINTENANCE_STATES, SetMaintenanceRequestSchema, type MaintenanceState } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { formatTime, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

const TONE: Record<MaintenanceState, 'ok' | 'warn' | 'off'> = { off: 'ok', scheduled: 'warn', on: 'off' };

/**
 * Maintenance: off, on now, or on from a scheduled start. The end is shown to visitors and ends nothing: the
 * operator turns it off. Turning it on now asks first, since every visitor sees the maintenance page at once.
 */
export function MaintenanceCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { maintenance } = settings;
  const { save, failure, isSaving } = useSavePart('maintenance');
  const [state, setState] = useState<MaintenanceState>(maintenance.state);
  const [startsAt, setStartsAt] = useState(isoToLocalInput(maintenance.startsAt));
  const [endsAt, setEndsAt] = useState(isoToLocalInput(maintenance.endsAt));
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [isConfirming, setIsConfirming] = useState(false);
  const isDirty =
    state !== maintenance.state ||
    (state === 'scheduled' && startsAt !== isoToLocalInput(maintenance.startsAt)) ||
    (state !== 'off' && endsAt !== isoToLocalInput(maintenance.endsAt));

  const body = () => ({
    state,
    startsAt: state === 'scheduled' ? (localInputToIso(startsAt) ?? null) : null,
    endsAt: state === 'off' ? null : (localInputToIso(endsAt) ?? null),
  });

  async function send() {
    const checked = checkWith(SetMaintenanceRequestSchema, { ...body(), version: settings.version });
    if (!checked.data) {
      setFailed(checked.failed);
      return false;
    }
    setFailed(new Set());
    const { version: _version, ...change } = checked.data;
    return save(change, t(`maintenance.saved.${state}`));
  }

  const onSubmit = () => {
    if (state === 'on' && maintenance.state !== 'on') setIsConfirming(true);
    else void send();
  };

  return (
    <BrandCard
      id="maintenance"
      title={t('maintenance.title')}
      description={t('maintenance.text')}
      status={<Badge tone={TONE[maintenance.state]}>{t(`maintenance.state.${maintenance.state}`)}</Badge>}
      onSubmit={onSubmit}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      {maintenance.state !== 'off' && (
        <p className={styles.note}>
          {maintenance.state === 'scheduled'
            ? t('maintenance.scheduledFrom', { time: formatTime(maintenance.startsAt) })
            : t('maintenance.onNow')}
          {maintenance.endsAt && ` ${t('maintenance.shownEnd', { time: formatTime(maintenance.endsAt) })}`}
        </p>
      )}
      <fieldset className={styles.choices} disabled={!canWrite}>
        <legend className={styles.legend}>{t('maintenance.choose')}</legend>
        {MAINTENANCE_STATES.map((choice) => (
          <label key={choice} className={styles.choice} data-checked={state === choice}>
            <input
              type="radio"
              name="maintenance-state"
              value={choice}
              checked={state === choice}
              onChange={() => setState(choice)}
            />
            <span>
              <strong>{t(`maintenance.option.${choice}`)}</strong>
              <span className={styles.choiceText}>{t(`maintenance.optionText.${choice}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {state !== 'off' && (
        <div className={styles.row}>
          {state === 'scheduled' && (
            <TextField
              type="datetime-local"
              label={t('maintenance.startsAt')}
              value={startsAt}
              isRequired
              readOnly={!canWrite}
              onChange={(event) => setStartsAt(event.target.value)}
              error={failed.has('startsAt') ? t('maintenance.startsAtRule') : undefined}
            />
          )}
          <TextField
            type="datetime-local"
            label={t('maintenance.endsAt')}
            hint={t('maintenance.endsAtHint')}
            value={endsAt}
            readOnly={!canWrite}
            onChange={(event) => setEndsAt(event.target.value)}
            error={failed.has('endsAt') ? t('maintenance.endsAtRule') : undefined}
          />
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('maintenance.confirmTitle')}
        description={t('maintenance.confirmText', { brand: settings.name })}
        confirmLabel={t('maintenance.confirm')}
        onConfirm={async () => {
          if (!(await send())) throw new Error('not saved');
        }}
      />
    </BrandCard>
  );
}
