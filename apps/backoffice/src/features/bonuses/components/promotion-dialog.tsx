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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { isoToLocalInput, localInputToIso } from '../../../lib/format';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { toast } from '../../../lib/toast-store';
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
      titleKo: contract.titleKo,
      titleEn: contract.titleEn,
      summaryKo: z.string().trim().max(1000),
      summaryEn: z.string().trim().max(1000),
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
    titleKo: promotion?.titleKo ?? '',
    titleEn: promotion?.titleEn ?? '',
    summaryKo: promotion?.summaryKo ?? '',
    summaryEn: promotion?.summaryEn ?? '',
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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(formSchema(currency), defaultsOf(promotion, currency));
  const errors = form.formState.errors;
  const kind: BonusPromotionKind = form.watch('kind');

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const fields = {
      category: values.category,
      titleKo: values.titleKo,
      titleEn: values.titleEn,
      summaryKo: values.summaryKo,
      summaryEn: values.summaryEn,
      rules: rulesOf(values, currency),
      audience: values.audience,
      startsAt: localInputToIso(values.startsAt) ?? null,
      endsAt: localInputToIso(values.endsAt) ?? null,
      active: values.active,
    };
    // The call's own schema has the last word: what it refuses is not sent.
    const checked = promotion
      ? BoUpdatePromotionRequestSchema.safeParse({ ...fields, version: promotion.version })
      : BoCreatePromotionRequestSchema.safeParse({ ...fields, code: values.code, kind: values.kind });
    if (!checked.success) {
      setFailure(t('rules.invalid'));
      return;
    }
    try {
      const saved = await save.mutateAsync(
        promotion
          ? { id: promotion.id, body: checked.data as z.output<typeof BoUpdatePromotionRequestSchema> }
          : { body: checked.data as z.output<typeof BoCreatePromotionRequestSchema> },
      );
      toast.success(t('promotions.saved', { code: saved.code }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={promotion ? t('promotions.editTitle', { code: promotion.code }) : t('promotions.addTitle')}
      description={t('promotions.dialogText', { currency })}
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="promotion-form" disabled={form.formState.isSubmitting}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id="promotion-form" className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {promotion ? (
          <>
            {/* Chosen once: bonuses paid are keyed by the promotion. */}
            <TextField label={t('fields.code')} value={promotion.code} readOnly hint={t('hints.codeFixed')} />
            <TextField label={t('fields.kind')} value={t(`kinds.${promotion.kind}`)} readOnly />
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
            <SelectField label={t('fields.kind')} {...form.register('kind')}>
              {BONUS_PROMOTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(`kinds.${value}`)}
                </option>
              ))}
            </SelectField>
          </>
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

        <TextField
          label={t('fields.startsAt')}
          type="datetime-local"
          hint={t('hints.dates')}
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
