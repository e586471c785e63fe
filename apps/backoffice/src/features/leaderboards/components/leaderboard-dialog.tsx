import {
  BoCreateLeaderboardRequestSchema,
  BoUpdateLeaderboardRequestSchema,
  LEADERBOARD_GAME_TYPES,
  LEADERBOARD_LIMITS,
  LEADERBOARD_MEASURES,
  LEADERBOARD_PERIODS,
  type BoLeaderboard,
  type LeaderboardMeasure,
} from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { CodeField, DatesFields, RecordDialog, TextsFields, Wide } from '../../../components/ui/record-dialog';
import { formatCount, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { TEXTS_SCHEMA, textsOf, useRecordSave } from '../../../lib/record-form';
import { useSaveLeaderboard } from '../api/leaderboards';

const contract = BoCreateLeaderboardRequestSchema.shape;

/** The prizes as typed: one amount in major units a line, rank 1 first; null when a line is not an amount. */
export function parsePrizes(text: string, currency: string): number[] | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const prizes = lines.map((line) => parseMajor(line, currency));
  return prizes.every((prize): prize is number => prize !== null && prize >= 1) ? prizes : null;
}

/** The form in the operator's terms: amounts in major units, prizes a line each, dates in local time. */
function formSchema(currency: string) {
  return z
    .object({
      code: contract.code,
      measure: z.enum(LEADERBOARD_MEASURES),
      gameType: z.union([z.enum(LEADERBOARD_GAME_TYPES), z.literal('')]),
      minBet: z.string(),
      period: z.enum(LEADERBOARD_PERIODS),
      prizes: z.string(),
      ...TEXTS_SCHEMA,
      startsAt: z.string(),
      endsAt: z.string(),
      active: z.boolean(),
    })
    .superRefine((value, context) => {
      const issue = (path: string) => context.addIssue({ code: 'custom', path: [path], message: path });
      const prizes = parsePrizes(value.prizes, currency);
      if (prizes === null || prizes.length === 0 || prizes.length > LEADERBOARD_LIMITS.prizesMax) issue('prizes');
      if (value.measure === 'multiplier' && value.minBet.trim() !== '' && parseMajor(value.minBet, currency) === null) {
        issue('minBet');
      }
      const starts = localInputToIso(value.startsAt);
      const ends = localInputToIso(value.endsAt);
      if (value.period === 'campaign' && !starts) issue('startsAt');
      if (value.period === 'campaign' && !ends) issue('endsAt');
      if (starts && ends && Date.parse(ends) <= Date.parse(starts)) issue('endsAt');
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;

function defaultsOf(board: BoLeaderboard | null, currency: string): FormValues {
  return {
    code: board?.code ?? '',
    measure: board?.measure ?? 'valid_bet',
    gameType: board?.gameType ?? '',
    minBet: board && board.minBetMinor > 0 ? minorToInput(board.minBetMinor, currency) : '',
    period: board?.period ?? 'weekly',
    prizes: board ? board.prizesMinor.map((prize) => minorToInput(prize, currency)).join('\n') : '',
    ...textsOf(board),
    startsAt: isoToLocalInput(board?.startsAt ?? null),
    endsAt: isoToLocalInput(board?.endsAt ?? null),
    active: board?.active ?? true,
  };
}

/**
 * A leaderboard added, or saved with the version it was opened at (brand.write; audited by the server). Its code and
 * measure are chosen once: members' scores are counted by them. Scores and prizes already paid stay as they are.
 */
export function LeaderboardDialog({
  brand,
  currency,
  board,
  onClose,
}: {
  brand: string;
  currency: string;
  board: BoLeaderboard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('leaderboards');
  const save = useSaveLeaderboard(brand);
  const { failure, submit } = useRecordSave({
    ns: 'leaderboards',
    record: board,
    createSchema: BoCreateLeaderboardRequestSchema,
    updateSchema: BoUpdateLeaderboardRequestSchema,
    save: save.mutateAsync,
    onClose,
  });
  const form = useSchemaForm(formSchema(currency), defaultsOf(board, currency));
  const errors = form.formState.errors;
  const fields = { ns: 'leaderboards', register: form.register, errors };
  const measure: LeaderboardMeasure = form.watch('measure');

  const onSubmit = form.handleSubmit((values) =>
    submit(
      {
        ...textsOf(values),
        gameType: values.gameType === '' ? null : values.gameType,
        // A minimum bet is a multiplier board's only.
        minBetMinor: values.measure === 'multiplier' ? (parseMajor(values.minBet, currency) ?? 0) : 0,
        period: values.period,
        prizesMinor: parsePrizes(values.prizes, currency),
        startsAt: localInputToIso(values.startsAt) ?? null,
        endsAt: localInputToIso(values.endsAt) ?? null,
        active: values.active,
      },
      { code: values.code, measure: values.measure },
    ),
  );

  return (
    <RecordDialog
      ns="leaderboards"
      formId="leaderboard-form"
      title={board ? t('page.editTitle', { code: board.code }) : t('page.addTitle')}
      description={t('page.dialogText', { currency })}
      isSubmitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {/* The code and the measure are chosen once: members' scores are counted by them. */}
      <CodeField {...fields} fixed={board?.code ?? null} fixedHint={t('hints.fixed')} />
      {board ? (
        <TextField label={t('fields.measure')} value={t(`measures.${board.measure}`)} readOnly />
      ) : (
        <SelectField label={t('fields.measure')} {...form.register('measure')}>
          {LEADERBOARD_MEASURES.map((value) => (
            <option key={value} value={value}>
              {t(`measures.${value}`)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField label={t('fields.gameType')} {...form.register('gameType')}>
        <option value="">{t('gameTypes.all')}</option>
        {LEADERBOARD_GAME_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(`gameTypes.${value}`)}
          </option>
        ))}
      </SelectField>
      {measure === 'multiplier' && (
        <TextField
          label={t('fields.minBet', { currency })}
          inputMode="decimal"
          hint={t('hints.minBet')}
          error={ruleOf(errors.minBet, t('rules.amount'))}
          {...form.register('minBet')}
        />
      )}
      <SelectField label={t('fields.period')} hint={t('hints.period')} {...form.register('period')}>
        {LEADERBOARD_PERIODS.map((value) => (
          <option key={value} value={value}>
            {t(`periods.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('fields.prizes', { currency })}
        isRequired
        hint={t('hints.prizes')}
        error={ruleOf(errors.prizes, t('rules.prizes', { max: formatCount(LEADERBOARD_LIMITS.prizesMax) }))}
        {...form.register('prizes')}
      />
      <TextsFields {...fields} />
      <DatesFields {...fields} />
      <Wide>
        <Checkbox label={t('fields.active')} {...form.register('active')} />
      </Wide>
    </RecordDialog>
  );
}
