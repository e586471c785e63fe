import {
  BONUS_BP_MAX,
  BONUS_CONTRIBUTION_CATEGORIES,
  BONUS_EXPIRY_DAYS,
  BONUS_PERCENT_BP_MAX,
  BONUS_PROMOTION_KINDS,
  BONUS_WAGERING_MULTIPLIER_MAX,
  BoCreatePromotionRequestSchema,
  BoUpdatePromotionRequestSchema,
  PROMOTION_AUDIENCES,
  type BonusPromotionKind,
  type BonusRules,
  type BoPromotion,
  type GameType,
} from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { CodeField, DatesFields, RecordDialog, TextsFields, Wide } from '../../../components/ui/record-dialog';
import { isoToLocalInput, localInputToIso } from '../../../lib/format';
import { ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { TEXTS_SCHEMA, textsOf, useRecordSave } from '../../../lib/record-form';
import { useSavePromotion } from '../api/promotions';
import { bpToInput, isBonusKind, parsePercent } from './rules';
import styles from './bonuses.module.css';

/** What a new promotion counts of a round's valid bet by game type: the demo brand's (db/seed-bonuses.ts). */
const NEW_CONTRIBUTIONS: Record<GameType, number> = {
  RNG: 10_000,
  FISH: 10_000,
  SPORTS: 5_000,
  PVP: 5_000,
  LIVE: 1_000,
  LOTT: 2_000,
  ELOTT: 2_000,
};

const contract = BoCreatePromotionRequestSchema.shape;
const WHOLE = /^\d+$/;
const within = (text: string, min: number, max: number) => WHOLE.test(text.trim()) && +text >= min && +text <= max;

/**
 * The form in the operator's terms: percentages, amounts in major units, dates in local time. The texts are checked
 * by the contract's own fields; what hangs on the kind (a share of the deposit or a fixed amount) by refinements.
 */
function formSchema(currency: string) {
  const money = (text: string) => parseMajor(text, currency) !== null;
  return z
    .object({
      code: contract.code,
      kind: z.enum(BONUS_PROMOTION_KINDS),
      category: z.string().trim().min(1).max(40),
      ...TEXTS_SCHEMA,
      // The contract's own rules for a promotion's titles.
      titleKo: contract.titleKo,
      titleEn: contract.titleEn,
      audience: z.enum(PROMOTION_AUDIENCES),
      percent: z.string(),
      maxBonus: z.string(),
      minDeposit: z.string(),
      fixed: z.string(),
      multiplier: z.string().refine((text) => within(text, 0, BONUS_WAGERING_MULTIPLIER_MAX)),
      expiryDays: z.string().refine((text) => within(text, BONUS_EXPIRY_DAYS.min, BONUS_EXPIRY_DAYS.max)),
      // Every game type's field, each empty (counts nothing) or a percentage up to 100.
      contributions: z.record(
        z.enum(BONUS_CONTRIBUTION_CATEGORIES),
        z.string().refine((text) => {
          if (text.trim() === '') return true;
          const bp = parsePercent(text);
          return bp !== null && bp <= BONUS_BP_MAX;
        }),
      ),
      startsAt: z.string(),
      endsAt: z.string(),
      active: z.boolean(),
    })
    .superRefine((value, context) => {
      const issue = (path: string) => context.addIssue({ code: 'custom', path: [path], message: path });
      if (value.kind === 'deposit_bonus') {
        const bp = parsePercent(value.percent);
        if (bp === null || bp < 1 || bp > BONUS_PERCENT_BP_MAX) issue('percent');
        if (value.maxBonus.trim() !== '' && !money(value.maxBonus)) issue('maxBonus');
        if (value.minDeposit.trim() !== '' && !money(value.minDeposit)) issue('minDeposit');
      } else if (!((parseMajor(value.fixed, currency) ?? 0) > 0)) {
        issue('fixed');
      }
      const starts = localInputToIso(value.startsAt);
      const ends = localInputToIso(value.endsAt);
      if (starts && ends && Date.parse(ends) <= Date.parse(starts)) issue('endsAt');
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;

function defaultsOf(promotion: BoPromotion | null, currency: string): FormValues {
  const rules = promotion?.rules;
  const contributionBp = rules?.contributionBp ?? NEW_CONTRIBUTIONS;
  return {
    code: promotion?.code ?? '',
    kind: promotion && isBonusKind(promotion.kind) ? promotion.kind : 'deposit_bonus',
    category: promotion?.category ?? 'bonus',
    ...textsOf(promotion),
    audience: promotion?.audience ?? 'all',
    percent: rules ? bpToInput(rules.percentBp) : '100',
    maxBonus: rules?.maxBonusMinor != null ? minorToInput(rules.maxBonusMinor, currency) : '',
    minDeposit: minorToInput(rules?.minDepositMinor ?? 0, currency),
    fixed: rules?.fixedMinor != null ? minorToInput(rules.fixedMinor, currency) : '',
    multiplier: String(rules?.wageringMultiplier ?? 10),
    expiryDays: String(rules?.expiryDays ?? 30),
    contributions: Object.fromEntries(
      BONUS_CONTRIBUTION_CATEGORIES.map((type) => [type, bpToInput(contributionBp[type])]),
    ) as Record<GameType, string>,
    startsAt: isoToLocalInput(promotion?.startsAt ?? null),
    endsAt: isoToLocalInput(promotion?.endsAt ?? null),
    active: promotion?.active ?? true,
  };
}

/** The rules of the form's values: a share of the deposit, or a fixed amount; a type left empty counts nothing. */
function rulesOf(values: z.output<ReturnType<typeof formSchema>>, currency: string): BonusRules {
  const isDeposit = values.kind === 'deposit_bonus';
  const contributionBp: BonusRules['contributionBp'] = {};
  for (const type of BONUS_CONTRIBUTION_CATEGORIES) {
    const bp = parsePercent(values.contributions[type]);
    if (bp !== null) contributionBp[type] = bp;
  }
  return {
    percentBp: isDeposit ? parsePercent(values.percent) : null,
    maxBonusMinor: isDeposit && values.maxBonus.trim() !== '' ? parseMajor(values.maxBonus, currency) : null,
    fixedMinor: isDeposit ? null : parseMajor(values.fixed, currency),
    minDepositMinor: isDeposit ? (parseMajor(values.minDeposit, currency) ?? 0) : 0,
    wageringMultiplier: Number(values.multiplier),
    contributionBp,
    expiryDays: Number(values.expiryDays),
  };
}

/**
 * A promotion added, or saved with the version it was opened at (brand.write; audited by the server). Its code and
 * kind are chosen once: bonuses paid are keyed by the promotion, and keep the rules they were paid with.
 */
export function PromotionDialog({
  brand,
  currency,
  promotion,
  onClose,
}: {
  brand: string;
  currency: string;
  promotion: BoPromotion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bonuses');
  const save = useSavePromotion(brand);
  const { failure, submit } = useRecordSave({
    ns: 'bonuses',
    savedKey: 'promotions.saved',
    record: promotion,
    createSchema: BoCreatePromotionRequestSchema,
    updateSchema: BoUpdatePromotionRequestSchema,
    save: save.mutateAsync,
    onClose,
  });
  const form = useSchemaForm(formSchema(currency), defaultsOf(promotion, currency));
  const errors = form.formState.errors;
  const fields = { ns: 'bonuses', register: form.register, errors };
  const kind: BonusPromotionKind = form.watch('kind');

  const onSubmit = form.handleSubmit((values) =>
    submit(
      {
        category: values.category,
        ...textsOf(values),
        rules: rulesOf(values, currency),
        audience: values.audience,
        startsAt: localInputToIso(values.startsAt) ?? null,
        endsAt: localInputToIso(values.endsAt) ?? null,
        active: values.active,
      },
      { code: values.code, kind: values.kind },
    ),
  );

  return (
    <RecordDialog
      ns="bonuses"
      formId="promotion-form"
      title={promotion ? t('promotions.editTitle', { code: promotion.code }) : t('promotions.addTitle')}
      description={t('promotions.dialogText', { currency })}
      isSubmitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {/* The code and the kind are chosen once: bonuses paid are keyed by the promotion. */}
      <CodeField {...fields} fixed={promotion?.code ?? null} fixedHint={t('hints.codeFixed')} />
      {promotion ? (
        <TextField label={t('fields.kind')} value={t(`kinds.${promotion.kind}`)} readOnly />
      ) : (
        <SelectField label={t('fields.kind')} {...form.register('kind')}>
          {BONUS_PROMOTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={t('fields.category')}
        isRequired
        hint={t('hints.category')}
        error={ruleOf(errors.category, t('rules.category'))}
        {...form.register('category')}
      />
      <SelectField label={t('fields.audience')} {...form.register('audience')}>
        {PROMOTION_AUDIENCES.map((value) => (
          <option key={value} value={value}>
            {t(`audiences.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextsFields {...fields} />

      <fieldset className={`${styles.wide} ${styles.group}`}>
        <legend className={styles.legend}>{t('fields.rules')}</legend>
        {kind === 'deposit_bonus' ? (
          <>
            <TextField
              label={t('fields.percent')}
              inputMode="decimal"
              isRequired
              error={ruleOf(errors.percent, t('rules.percent'))}
              {...form.register('percent')}
            />
            <TextField
              label={t('fields.maxBonus', { currency })}
              inputMode="decimal"
              hint={t('hints.maxBonus')}
              error={ruleOf(errors.maxBonus, t('rules.amount'))}
              {...form.register('maxBonus')}
            />
            <TextField
              label={t('fields.minDeposit', { currency })}
              inputMode="decimal"
              error={ruleOf(errors.minDeposit, t('rules.amount'))}
              {...form.register('minDeposit')}
            />
          </>
        ) : (
          <TextField
            label={t('fields.fixed', { currency })}
            inputMode="decimal"
            isRequired
            error={ruleOf(errors.fixed, t('rules.fixed'))}
            {...form.register('fixed')}
          />
        )}
        <TextField
          label={t('fields.multiplier')}
          inputMode="numeric"
          isRequired
          hint={t('hints.multiplier')}
          error={ruleOf(errors.multiplier, t('rules.multiplier', { max: BONUS_WAGERING_MULTIPLIER_MAX }))}
          {...form.register('multiplier')}
        />
        <TextField
          label={t('fields.expiryDays')}
          inputMode="numeric"
          isRequired
          error={ruleOf(errors.expiryDays, t('rules.expiryDays', BONUS_EXPIRY_DAYS))}
          {...form.register('expiryDays')}
        />
      </fieldset>

      <fieldset className={`${styles.wide} ${styles.group}`}>
        <legend className={styles.legend}>{t('fields.contributions')}</legend>
        <p className={`${styles.wide} ${styles.muted}`}>{t('hints.contributions')}</p>
        {BONUS_CONTRIBUTION_CATEGORIES.map((type) => (
          <TextField
            key={type}
            label={t(`gameTypes.${type}`)}
            inputMode="decimal"
            error={ruleOf(errors.contributions?.[type], t('rules.contribution'))}
            {...form.register(`contributions.${type}`)}
          />
        ))}
      </fieldset>

      <DatesFields {...fields} />
      <Wide>
        <Checkbox label={t('fields.active')} {...form.register('active')} />
      </Wide>
    </RecordDialog>
  );
}
