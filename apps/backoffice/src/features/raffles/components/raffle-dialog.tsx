import {
  BoCreateRaffleRequestSchema,
  BoUpdateRaffleRequestSchema,
  RAFFLE_LIMITS,
  type BoRaffle,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { CodeField, RecordDialog, TextsFields, Wide } from '../../../components/ui/record-dialog';
import { formatCount, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { TEXTS_SCHEMA, textsOf, useRecordSave } from '../../../lib/record-form';
import { useSaveRaffle } from '../api/raffles';
import { isLocked } from './rules';

const contract = BoCreateRaffleRequestSchema.shape;
const WHOLE = /^\d+$/;

/** An optional ticket step as typed: empty is no rule (null); otherwise an amount above 0, or undefined when bad. */
function parseStep(text: string, currency: string): number | null | undefined {
  if (text.trim() === '') return null;
  const minor = parseMajor(text, currency);
  return minor !== null && minor >= 1 && minor <= RAFFLE_LIMITS.stepMaxMinor ? minor : undefined;
}

/** The prizes as typed, one amount a line (the first line is rank 1), or null when a line is not an amount. */
function parsePrizes(text: string, currency: string): number[] | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const amounts = lines.map((line) => parseMajor(line, currency));
  if (amounts.length === 0 || amounts.length > RAFFLE_LIMITS.maxPrizes) return null;
  return amounts.every(
    (amount): amount is number => amount !== null && amount >= 1 && amount <= RAFFLE_LIMITS.prizeMaxMinor,
  )
    ? amounts
    : null;
}

/**
 * The form in the operator's terms: amounts in major units, dates in local time, prizes one a line. The texts are
 * checked by the contract's own fields; the dates' order, the steps and the prizes by refinements.
 */
function formSchema(currency: string) {
  return z
    .object({
      code: contract.code,
      ...TEXTS_SCHEMA,
      saleStartsAt: z.string(),
      saleEndsAt: z.string(),
      drawAt: z.string(),
      depositStep: z.string(),
      betStep: z.string(),
      maxTickets: z.string(),
      prizes: z.string(),
    })
    .superRefine((value, context) => {
      const issue = (path: string) => context.addIssue({ code: 'custom', path: [path], message: path });
      const starts = localInputToIso(value.saleStartsAt);
      const ends = localInputToIso(value.saleEndsAt);
      const draw = localInputToIso(value.drawAt);
      if (!starts) issue('saleStartsAt');
      if (!ends || (starts && Date.parse(ends) <= Date.parse(starts))) issue('saleEndsAt');
      if (!draw || (ends && Date.parse(draw) < Date.parse(ends))) issue('drawAt');
      const deposit = parseStep(value.depositStep, currency);
      const bet = parseStep(value.betStep, currency);
      if (deposit === undefined) issue('depositStep');
      if (bet === undefined) issue('betStep');
      // A raffle no one can earn a ticket in is no raffle.
      if (deposit === null && bet === null) issue('depositStep');
      const max = value.maxTickets.replace(/[\s,_]/g, '');
      if (!WHOLE.test(max) || Number(max) < 1 || Number(max) > RAFFLE_LIMITS.maxTicketsPerMember) issue('maxTickets');
      if (parsePrizes(value.prizes, currency) === null) issue('prizes');
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;

function defaultsOf(raffle: BoRaffle | null, currency: string): FormValues {
  const step = (minor: number | null | undefined) => (minor ? minorToInput(minor, currency) : '');
  return {
    code: raffle?.code ?? '',
    ...textsOf(raffle),
    saleStartsAt: isoToLocalInput(raffle?.saleStartsAt ?? null),
    saleEndsAt: isoToLocalInput(raffle?.saleEndsAt ?? null),
    drawAt: isoToLocalInput(raffle?.drawAt ?? null),
    depositStep: step(raffle?.rules.depositStepMinor),
    betStep: step(raffle?.rules.betStepMinor),
    maxTickets: raffle ? String(raffle.rules.maxTicketsPerMember) : '',
    prizes: raffle ? raffle.prizes.map((prize) => minorToInput(prize.amountMinor, currency)).join('\n') : '',
  };
}

/**
 * A raffle added (the server makes its seed and publishes its hash), or saved with the version it was opened at
 * (brand.write; audited by the server). Its code is chosen once; its dates, ticket rules and prizes are fixed once the
 * sale starts, as members earn tickets by the rules they were shown: the form shows them read-only then and sends
 * them as they were.
 */
export function RaffleDialog({
  brand,
  currency,
  raffle,
  onClose,
}: {
  brand: string;
  currency: string;
  raffle: BoRaffle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('raffles');
  const save = useSaveRaffle(brand);
  const { failure, submit } = useRecordSave({
    ns: 'raffles',
    record: raffle,
    createSchema: BoCreateRaffleRequestSchema,
    updateSchema: BoUpdateRaffleRequestSchema,
    save: save.mutateAsync,
    onClose,
  });
  const [locked] = useState(() => raffle !== null && isLocked(raffle, Date.now()));
  const form = useSchemaForm(formSchema(currency), defaultsOf(raffle, currency));
  const errors = form.formState.errors;
  const fields = { ns: 'raffles', register: form.register, errors };

  const onSubmit = form.handleSubmit((values) => {
    // What the sale started with is sent back unchanged, to the second.
    const fixed =
      raffle && locked
        ? {
            saleStartsAt: raffle.saleStartsAt,
            saleEndsAt: raffle.saleEndsAt,
            drawAt: raffle.drawAt,
            depositStepMinor: raffle.rules.depositStepMinor,
            betStepMinor: raffle.rules.betStepMinor,
            maxTicketsPerMember: raffle.rules.maxTicketsPerMember,
            prizes: raffle.prizes.map((prize) => prize.amountMinor),
          }
        : {
            saleStartsAt: localInputToIso(values.saleStartsAt),
            saleEndsAt: localInputToIso(values.saleEndsAt),
            drawAt: localInputToIso(values.drawAt),
            depositStepMinor: parseStep(values.depositStep, currency),
            betStepMinor: parseStep(values.betStep, currency),
            maxTicketsPerMember: Number(values.maxTickets.replace(/[\s,_]/g, '')),
            prizes: parsePrizes(values.prizes, currency),
          };
    return submit(
      {
        ...textsOf(values),
        ...fixed,
      },
      { code: values.code },
    );
  });

  const fixedHint = locked ? t('hints.locked') : undefined;
  return (
    <RecordDialog
      ns="raffles"
      formId="raffle-form"
      title={raffle ? t('page.editTitle', { code: raffle.code }) : t('page.addTitle')}
      description={t('page.dialogText', { currency })}
      isSubmitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <CodeField {...fields} fixed={raffle?.code ?? null} fixedHint={t('hints.fixed')} />
      <TextsFields {...fields} />
      <TextField
        label={t('fields.saleStartsAt')}
        type="datetime-local"
        isRequired
        readOnly={locked}
        hint={fixedHint}
        error={ruleOf(errors.saleStartsAt, t('rules.saleStartsAt'))}
        {...form.register('saleStartsAt')}
      />
      <TextField
        label={t('fields.saleEndsAt')}
        type="datetime-local"
        isRequired
        readOnly={locked}
        error={ruleOf(errors.saleEndsAt, t('rules.saleEndsAt'))}
        {...form.register('saleEndsAt')}
      />
      <TextField
        label={t('fields.drawAt')}
        type="datetime-local"
        isRequired
        readOnly={locked}
        hint={t('hints.drawAt')}
        error={ruleOf(errors.drawAt, t('rules.drawAt'))}
        {...form.register('drawAt')}
      />
      <TextField
        label={t('fields.depositStep', { currency })}
        inputMode="decimal"
        readOnly={locked}
        hint={t('hints.step')}
        error={ruleOf(errors.depositStep, t('rules.step'))}
        {...form.register('depositStep')}
      />
      <TextField
        label={t('fields.betStep', { currency })}
        inputMode="decimal"
        readOnly={locked}
        error={ruleOf(errors.betStep, t('rules.step'))}
        {...form.register('betStep')}
      />
      <TextField
        label={t('fields.maxTickets')}
        inputMode="numeric"
        isRequired
        readOnly={locked}
        error={ruleOf(errors.maxTickets, t('rules.count', { max: formatCount(RAFFLE_LIMITS.maxTicketsPerMember) }))}
        {...form.register('maxTickets')}
      />
      <Wide>
        <TextAreaField
          label={t('fields.prizes', { currency })}
          isRequired
          readOnly={locked}
          rows={4}
          hint={locked ? fixedHint : t('hints.prizes')}
          error={ruleOf(errors.prizes, t('rules.prizes', { max: RAFFLE_LIMITS.maxPrizes }))}
          {...form.register('prizes')}
        />
      </Wide>
    </RecordDialog>
  );
}
