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
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { CodeField, DatesFields, RecordDialog, TextsFields, Wide } from '../../../components/ui/record-dialog';
import { formatCount, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { TEXTS_SCHEMA, textsOf, useRecordSave } from '../../../lib/record-form';
import { useSaveMission } from '../api/missions';
import { isMoneyGoal, takesGameType } from './goal';

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
      ...TEXTS_SCHEMA,
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
    ...textsOf(mission),
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
  const { failure, submit } = useRecordSave({
    ns: 'missions',
    record: mission,
    createSchema: BoCreateMissionRequestSchema,
    updateSchema: BoUpdateMissionRequestSchema,
    save: save.mutateAsync,
    onClose,
  });
  const form = useSchemaForm(formSchema(currency), defaultsOf(mission, currency));
  const errors = form.formState.errors;
  const fields = { ns: 'missions', register: form.register, errors };
  const goal: MissionGoal = form.watch('goal');
  const money = isMoneyGoal(goal);

  const onSubmit = form.handleSubmit((values) =>
    submit(
      {
        ...textsOf(values),
        // Deposits and sign-ins count on every game: no game type.
        gameType: takesGameType(values.goal) && values.gameType !== '' ? values.gameType : null,
        target: parseTarget(values.target, values.goal, currency),
        period: values.period,
        rewardMinor: parseMajor(values.reward, currency),
        startsAt: localInputToIso(values.startsAt) ?? null,
        endsAt: localInputToIso(values.endsAt) ?? null,
        active: values.active,
      },
      { code: values.code, goal: values.goal },
    ),
  );

  return (
    <RecordDialog
      ns="missions"
      formId="mission-form"
      title={mission ? t('page.editTitle', { code: mission.code }) : t('page.addTitle')}
      description={t('page.dialogText', { currency })}
      isSubmitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {/* The code and the goal are chosen once: members' progress is counted by them. */}
      <CodeField {...fields} fixed={mission?.code ?? null} fixedHint={t('hints.fixed')} />
      {mission ? (
        <TextField label={t('fields.goal')} value={t(`goals.${mission.goal}`)} readOnly />
      ) : (
        <SelectField label={t('fields.goal')} {...form.register('goal')}>
          {MISSION_GOALS.map((value) => (
            <option key={value} value={value}>
              {t(`goals.${value}`)}
            </option>
          ))}
        </SelectField>
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
      <TextsFields {...fields} />
      <DatesFields {...fields} />
      <Wide>
        <Checkbox label={t('fields.active')} {...form.register('active')} />
      </Wide>
    </RecordDialog>
  );
}
