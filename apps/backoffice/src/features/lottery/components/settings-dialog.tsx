import {
  BO_LOTTERY_PRIZE_MODES,
  SetBoLotterySettingsRequestSchema,
  type BoLotteryGame,
  type BoLotteryPrizeMode,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, FormError, SelectField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { minorToInput, parseMajor } from '../../../lib/money';
import { toast } from '../../../lib/toast-store';
import { useSetLotterySettings } from '../api/lottery';
import { betKindOf, formatOdds, parseOdds } from './odds';
import styles from './lottery.module.css';

export interface Editing {
  game: BoLotteryGame;
  scope: 'brand' | 'default';
}

type OddsText = Record<BoLotteryPrizeMode, Record<string, string>>;

/**
 * One game's settings for the brand (or every brand's default): on or off, betting's close, the liability limit
 * in the brand's currency, and each prize mode's odds table in x.xx beside the rules' odds. A mode left at the
 * rules' odds is not saved, so it follows them; checked by the contract's schema before it is sent.
 */
export function SettingsDialog({
  brand,
  brandName,
  currency,
  editing,
  onClose,
}: {
  brand: string;
  brandName: string;
  currency: string;
  editing: Editing;
  onClose: () => void;
}) {
  const { t } = useTranslation('lottery');
  const save = useSetLotterySettings(brand);
  const { game, scope } = editing;
  const opened = scope === 'brand' ? game.own : game.fallback;
  // The form starts from the settings opened, else the ones the game bets under now.
  const [start] = useState(() => opened ?? game.own ?? game.fallback);
  const [openedVersion] = useState(() => opened?.version ?? null);
  const [enabled, setEnabled] = useState(start?.enabled ?? true);
  const [close, setClose] = useState(String(start?.closeSeconds ?? game.defaultCloseSeconds));
  const [liability, setLiability] = useState(
    minorToInput(start?.maxLiabilityMinor ?? game.defaultMaxLiabilityMinor, currency),
  );
  const [odds, setOdds] = useState<OddsText>(() => {
    const text = {} as OddsText;
    for (const mode of BO_LOTTERY_PRIZE_MODES) {
      const table = { ...game.defaultOdds[mode], ...start?.odds[mode] };
      text[mode] = Object.fromEntries(
        Object.keys(game.defaultOdds[mode] ?? {}).map((key) => [key, formatOdds(table[key]!)]),
      );
    }
    return text;
  });
  const [mode, setMode] = useState<BoLotteryPrizeMode>('Lott');
  const [errors, setErrors] = useState<{ close?: string; liability?: string; odds?: string }>({});
  const [badOdds, setBadOdds] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);

  const title =
    scope === 'default'
      ? t('settings.defaultTitle', { game: game.name })
      : t('settings.ownTitle', { game: game.name, brand: brandName });

  async function submit() {
    const found: typeof errors = {};
    const closeSeconds = /^\d+$/.test(close.trim()) ? Number(close.trim()) : NaN;
    if (!(closeSeconds >= 0 && closeSeconds <= game.maxCloseSeconds))
      found.close = t('settings.closeRule', { max: game.maxCloseSeconds });
    const maxLiabilityMinor = parseMajor(liability, currency);
    if (maxLiabilityMinor === null || maxLiabilityMinor < 1)
      found.liability = t('settings.liabilityRule', { currency });
    // Each mode's odds that differ from the rules'; a mode with none is left to the rules.
    const bad = new Set<string>();
    const changed: Partial<Record<BoLotteryPrizeMode, Record<string, number>>> = {};
    for (const each of BO_LOTTERY_PRIZE_MODES) {
      for (const [key, text] of Object.entries(odds[each])) {
        const value = parseOdds(text);
        if (value === null || value < 1) bad.add(`${each}/${key}`);
        else if (value !== game.defaultOdds[each]?.[key]) changed[each] = { ...changed[each], [key]: value };
      }
    }
    if (bad.size > 0) {
      const modes = BO_LOTTERY_PRIZE_MODES.filter((each) => [...bad].some((key) => key.startsWith(`${each}/`)));
      found.odds = t('settings.oddsRule', { modes: modes.join(', ') });
    }
    const request = SetBoLotterySettingsRequestSchema.safeParse({
      scope,
      enabled,
      closeSeconds,
      maxLiabilityMinor: maxLiabilityMinor ?? NaN,
      odds: changed,
      version: openedVersion,
    });
    if (!request.success && Object.keys(found).length === 0) found.odds = t('settings.oddsRule', { modes: mode });
    setErrors(found);
    setBadOdds(bad);
    if (!request.success || Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await save.mutateAsync({ brand, game: game.code, ...request.data });
      toast.success(
        scope === 'default'
          ? t('settings.savedDefault', { game: game.name })
          : t('settings.savedOwn', { game: game.name, brand: brandName }),
      );
      onClose();
    } catch (error) {
      setFailure(
        isApiError(error, 'BO_CHANGED_SINCE_OPENED')
          ? t('settings.changedSince')
          : messageOf(error, t('errors.failed')),
      );
    }
  }

  const keys = Object.keys(odds[mode]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      width={720}
      title={title}
      description={scope === 'default' ? t('settings.defaultText') : t('settings.ownText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="lottery-settings" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </>
      }
    >
      <form
        id="lottery-settings"
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checkbox
          label={t('settings.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <div className={styles.twoColumns}>
          <TextField
            label={t('settings.close')}
            hint={t('settings.closeHint', { max: game.maxCloseSeconds })}
            inputMode="numeric"
            isRequired
            value={close}
            error={errors.close}
            onChange={(event) => setClose(event.target.value)}
          />
          <TextField
            label={t('settings.liability', { currency })}
            hint={t('settings.liabilityHint')}
            inputMode="decimal"
            isRequired
            value={liability}
            error={errors.liability}
            onChange={(event) => setLiability(event.target.value)}
          />
        </div>
        <div className={styles.modeBar}>
          <SelectField
            label={t('settings.mode')}
            value={mode}
            onChange={(event) => setMode(event.target.value as BoLotteryPrizeMode)}
          >
            {BO_LOTTERY_PRIZE_MODES.map((each) => (
              <option key={each} value={each}>
                {t(`modes.${each}`)}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            size="small"
            onClick={() =>
              setOdds({
                ...odds,
                [mode]: Object.fromEntries(keys.map((key) => [key, formatOdds(game.defaultOdds[mode][key]!)])),
              })
            }
          >
            {t('settings.resetMode', { mode })}
          </Button>
        </div>
        {errors.odds && (
          <p className={styles.error} role="alert">
            {errors.odds}
          </p>
        )}
        <div className={styles.oddsScroller}>
          <table className={styles.oddsTable}>
            <caption className="visually-hidden">{t('settings.oddsOf', { mode })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settings.betType')}</th>
                <th scope="col">
                  <span className={styles.number}>{t('settings.rulesOdds')}</span>
                </th>
                <th scope="col">
                  <span className={styles.number}>{t('settings.odds')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => {
                const rules = game.defaultOdds[mode][key]!;
                const invalid = badOdds.has(`${mode}/${key}`);
                const differs = parseOdds(odds[mode][key]!) !== rules;
                return (
                  <tr key={key}>
                    <th scope="row">
                      <span className={styles.name}>
                        <span>{t(`betTypes.${betKindOf(key)}`, { defaultValue: betKindOf(key) })}</span>
                        <span className={styles.code}>{key}</span>
                      </span>
                    </th>
                    <td>
                      <span className={styles.number}>{formatOdds(rules)}</span>
                    </td>
                    <td className={styles.oddsCell}>
                      <input
                        className={`${styles.oddsInput} ${differs ? styles.changed : ''}`}
                        inputMode="decimal"
                        aria-label={t('settings.oddsFor', { key, mode })}
                        aria-invalid={invalid || undefined}
                        value={odds[mode][key]}
                        onChange={(event) => setOdds({ ...odds, [mode]: { ...odds[mode], [key]: event.target.value } })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
