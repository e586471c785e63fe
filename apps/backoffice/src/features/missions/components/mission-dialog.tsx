import {
  BoCreateMissionRequestSchema,
  BoUpdateMissionRequestSchema,
  MISSION_GAME_TYPES,
  MISSION_GOALS,
  MISSION_LIMITS,
  MISSION_PERIODS,
  type BoMission,
  type MissionGoal,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { formatCount, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { toast } from '../../../lib/toast-store';
import { useSaveMission } from '../api/missions';
import { isMoneyGoal, takesGameType } from './goal';
import styles from './missions.module.css';

const contract = BoCreateMissionRequestSchema.shape;
const WHOLE = /^\d+$/;

/** A target as typed: an amount in major units for a money goal, a whole count of rounds or days otherwise. */
function parseTarget(text: string, goal: MissionGoal, currency: string): number | null {
  if (isMoneyGoal(goal)) return parseMajor(text, currency);
  const clean = text.replace(/[\s,_]/g, '');
  return WHOLE.test(clean) ? Number(clean) : null;
}

/**
 * The form in the operator's terms: amounts in major units, dates in local time. The texts are checked by the
 * contract's own fields; what hangs on the goal and the period (the target's bounds, a campaign's start) by
 * refinements.
 */
function formSchema(currency: string) {
  return z
    .object({
      code: contract.code,
      goal: z.enum(MISSION_GOALS),
      gameType: z.union([z.enum(MISSION_GAME_TYPES), z.literal('')]),
      target: z.string(),
      period: z.enum(MISSION_PERIODS),
      reward: z.string(),
      titleKo: z.string().trim().min(1).max(120),
      titleEn: z.string().trim().min(1).max(120),
      summaryKo: z.string().trim().max(1000),
      summaryEn: z.string().trim().max(1000),
      startsAt: z.string(),
      endsAt: z.string(),
      active: z.boolean(),
    })
    .superRefine((value, context) => {
      const issue = (path: string) => context.addIssue({ code: 'custom', path: [path], message: path });
      const target = parseTarget(value.target, value.goal, currency);
      const max = value.goal === 'signin' ? MISSION_LIMITS.signinTargetMax : MISSION_LIMITS.targetMax;
      if (target === null || target < 1 || target > max) issue('target');
      const reward = parseMajor(value.reward, currency);
      if (reward === null || reward < 1 || reward > MISSION_LIMITS.rewardMaxMinor) issue('reward');
      const starts = localInputToIso(value.startsAt);
      const ends = localInputToIso(value.endsAt);
      if (value.period === 'campaign' && !starts) issue('startsAt');
      if (starts && ends && Date.parse(ends) <= Date.parse(starts)) issue('endsAt');
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;

function defaultsOf(mission: BoMission | null, currency: string): FormValues {
  const goal = mission?.goal ?? 'rounds';
  return {
    code: mission?.code ?? '',
    goal,
    gameType: mission?.gameType ?? '',
    target: mission ? (isMoneyGoal(goal) ? minorToInput(mission.target, currency) : String(mission.target)) : '',
    period: mission?.period ?? 'daily',
    reward: mission ? minorToInput(mission.rewardMinor, currency) : '',
    titleKo: mission?.titleKo ?? '',
    titleEn: mission?.titleEn ?? '',
    summaryKo: mission?.summaryKo ?? '',
    summaryEn: mission?.summaryEn ?? '',
    startsAt: isoToLocalInput(mission?.startsAt ?? null),
    endsAt: isoToLocalInput(mission?.endsAt ?? null),
    active: mission?.active ?? true,
  };
}

/**
 * A mission added, or saved with the version it was opened at (brand.write; audited by the server). Its code and goal
 * are chosen once: members' progress is counted by them. Progress and rewards already paid stay as they are.
 */
export function MissionDialog({
  brand,
  currency,
  mission,
  onClose,
}: {
  brand: string;
  currency: string;
  mission: BoMission | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('missions');
  const save = useSaveMission(brand);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(formSchema(currency), defaultsOf(mission, currency));
  const errors = form.formState.errors;
  const goal: MissionGoal = form.watch('goal');
  const money = isMoneyGoal(goal);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const fields = {
      titleKo: values.titleKo,
      titleEn: values.titleEn,
      summaryKo: values.summaryKo,
      summaryEn: values.summaryEn,
      // Deposits and sign-ins count on every game: no game type.
      gameType: takesGameType(values.goal) && values.gameType !== '' ? values.gameType : null,
      target: parseTarget(values.target, values.goal, currency),
      period: values.period,
      rewardMinor: parseMajor(values.reward, currency),
      startsAt: localInputToIso(values.startsAt) ?? null,
      endsAt: localInputToIso(values.endsAt) ?? null,
      active: values.active,
    };
    // The call's own schema has the last word: what it refuses is not sent.
    const checked = mission
      ? BoUpdateMissionRequestSchema.safeParse({ ...fields, version: mission.version })
      : BoCreateMissionRequestSchema.safeParse({ ...fields, code: values.code, goal: values.goal });
    if (!checked.success) {
      setFailure(t('rules.invalid'));
      return;
    }
    try {
      const saved = await save.mutateAsync(
        mission
          ? { id: mission.id, body: checked.data as z.output<typeof BoUpdateMissionRequestSchema> }
          : { body: checked.data as z.output<typeof BoCreateMissionRequestSchema> },
      );
      toast.success(t('page.saved', { code: saved.code }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={mission ? t('page.editTitle', { code: mission.code }) : t('page.addTitle')}
      description={t('page.dialogText', { currency })}
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="mission-form" disabled={form.formState.isSubmitting}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id="mission-form" className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {mission ? (
          <>
            {/* Chosen once: members' progress is counted by them. */}
            <TextField label={t('fields.code')} value={mission.code} readOnly hint={t('hints.fixed')} />
            <TextField label={t('fields.goal')} value={t(`goals.${mission.goal}`)} readOnly />
          </>
        ) : (
          <>
            <TextField
              label={t('fields.code')}
              autoCapitalize="characters"
              spellCheck={false}
              isRequired
              hint={t('rules.code')}
              error={ruleOf(errors.code, t('rules.code'))}
              {...form.register('code')}
            />
            <SelectField label={t('fields.goal')} {...form.register('goal')}>
              {MISSION_GOALS.map((value) => (
                <option key={value} value={value}>
                  {t(`goals.${value}`)}
                </option>
              ))}
            </SelectField>
          </>
        )}
        <TextField
          label={money ? t('fields.targetMoney', { currency }) : t(`fields.target.${goal}`)}
          inputMode={money ? 'decimal' : 'numeric'}
          isRequired
          error={ruleOf(
            errors.target,
            money
              ? t('rules.amount')
              : t('rules.count', {
                  max: formatCount(goal === 'signin' ? MISSION_LIMITS.signinTargetMax : MISSION_LIMITS.targetMax),
                }),
          )}
          {...form.register('target')}
        />
        {takesGameType(goal) && (
          <SelectField label={t('fields.gameType')} {...form.register('gameType')}>
            <option value="">{t('gameTypes.all')}</option>
            {MISSION_GAME_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`gameTypes.${value}`)}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label={t('fields.period')} hint={t('hints.period')} {...form.register('period')}>
          {MISSION_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`periods.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.reward', { currency })}
          inputMode="decimal"
          isRequired
          hint={t('hints.reward')}
          error={ruleOf(errors.reward, t('rules.amount'))}
          {...form.register('reward')}
        />
        <TextField
          label={t('fields.titleKo')}
          isRequired
          error={ruleOf(errors.titleKo, t('rules.title'))}
          {...form.register('titleKo')}
        />
        <TextField
          label={t('fields.titleEn')}
          isRequired
          error={ruleOf(errors.titleEn, t('rules.title'))}
          {...form.register('titleEn')}
        />
        <TextAreaField
          label={t('fields.summaryKo')}
          error={ruleOf(errors.summaryKo, t('rules.summary'))}
          {...form.register('summaryKo')}
        />
        <TextAreaField
          label={t('fields.summaryEn')}
          error={ruleOf(errors.summaryEn, t('rules.summary'))}
          {...form.register('summaryEn')}
        />
        <TextField
          label={t('fields.startsAt')}
          type="datetime-local"
          hint={t('hints.dates')}
          error={ruleOf(errors.startsAt, t('rules.startsAt'))}
          {...form.register('startsAt')}
        />
        <TextField
          label={t('fields.endsAt')}
          type="datetime-local"
          error={ruleOf(errors.endsAt, t('rules.endsAt'))}
          {...form.register('endsAt')}
        />
        <div className={styles.wide}>
          <Checkbox label={t('fields.active')} {...form.register('active')} />
        </div>
        <div className={styles.wide}>
          <FormError message={failure} />
        </div>
      </form>
    </Dialog>
  );
}
