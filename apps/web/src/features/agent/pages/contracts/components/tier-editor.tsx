import { CONTRACT_TIERS_MAX, type ContractTier } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import styles from '../contracts.module.css';

// A contract's tiers as an agent types them (decision 0066): each a rate in percent, the least active members and the
// least team valid bet, rising. The offer dialog and an invitation link's contract terms (decision 0064) share it.

/** A tier as typed: a rate in percent, members, and a valid bet in major units. */
export interface TierDraft {
  rate: string;
  members: string;
  validBet: string;
}

/** Basis points as a percentage to type (4000 → "40", 45 → "0.45"). */
function rateText(rateBp: number): string {
  return String(rateBp / 100);
}

/** A percentage with at most 2 decimals as basis points ("0.45" → 45), or null. */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const rateBp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return rateBp >= 1 && rateBp <= 10_000 ? rateBp : null;
}

/** Minor units as major units to type, no grouping (1234567 at exponent 2 → "12345.67"). */
function majorText(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`.replace(/\.?0+$/, '');
}

/** A valid bet typed in major units as minor units; an empty field or a zero asks nothing (0). */
function parseValidBet(text: string, exponent: number): number | null {
  if (/^\s*(0+([.,]0*)?)?\s*$/.test(text)) return 0;
  return parseMajorToMinor(text, exponent);
}

/** Tiers to start typing from (an agent's own contract's). */
export function tierDrafts(tiers: readonly ContractTier[], exponent: number): TierDraft[] {
  return tiers.map((tier) => ({
    rate: rateText(tier.rateBp),
    members: String(tier.minActiveMembers),
    validBet: majorText(tier.minValidBetMinor, exponent),
  }));
}

/**
 * The tiers as the contract's, or the first thing wrong with them in the member's language: each rate at most
 * `topRateBp` (the agent's own top rate), each tier above the one before. The server checks again.
 */
export function readTiers(
  drafts: readonly TierDraft[],
  bounds: { topRateBp: number; exponent: number; rate: (rateBp: number) => string },
  t: TFunction<'member-agent'>,
): ContractTier[] | string {
  const read: ContractTier[] = [];
  for (const [index, draft] of drafts.entries()) {
    const rateBp = parseRate(draft.rate);
    if (rateBp === null) return t('contracts.offer.errors.rate', { tier: index + 1 });
    if (rateBp > bounds.topRateBp) {
      return t('contracts.offer.errors.rateAbove', { tier: index + 1, max: bounds.rate(bounds.topRateBp) });
    }
    if (!/^\d{1,7}$/.test(draft.members.trim())) return t('contracts.offer.errors.members', { tier: index + 1 });
    const minValidBetMinor = parseValidBet(draft.validBet, bounds.exponent);
    if (minValidBetMinor === null) return t('contracts.offer.errors.validBet', { tier: index + 1 });
    const tier = { rateBp, minActiveMembers: Number(draft.members.trim()), minValidBetMinor };
    const before = read.at(-1);
    if (
      before &&
      (tier.rateBp <= before.rateBp ||
        tier.minActiveMembers < before.minActiveMembers ||
        tier.minValidBetMinor < before.minValidBetMinor)
    ) {
      return t('contracts.offer.errors.rising', { tier: index + 1 });
    }
    read.push(tier);
  }
  return read;
}

/** The tiers' fields, a row each, with a tier added (a copy of the last) or removed (never the only one). */
export function TierEditor({
  tiers,
  exponent,
  legend,
  onChange,
}: {
  tiers: TierDraft[];
  exponent: number;
  /** The fieldset's name; default "Tiers". */
  legend?: string;
  onChange: (tiers: TierDraft[]) => void;
}) {
  const { t } = useTranslation('member-agent');

  function setTier(index: number, field: keyof TierDraft, value: string) {
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  }

  return (
    <fieldset className={styles.editor}>
      <legend className={styles.label}>{legend ?? t('contracts.offer.tiers')}</legend>
      {tiers.map((tier, index) => (
        <div
          key={index}
          className={styles.editorRow}
          role="group"
          aria-label={t('contracts.offer.tierN', { tier: index + 1 })}
        >
          <span className={styles.tierNo} aria-hidden="true">
            {index + 1}
          </span>
          <label className={styles.field}>
            <span className={styles.label}>{t('contracts.tiers.rate')}</span>
            <input
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              value={tier.rate}
              onChange={(event) => setTier(index, 'rate', event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('contracts.tiers.activeMembers')}</span>
            <input
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              value={tier.members}
              onChange={(event) => setTier(index, 'members', event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('contracts.tiers.validBet')}</span>
            <input
              className={styles.input}
              inputMode={exponent === 0 ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={tier.validBet}
              onChange={(event) => setTier(index, 'validBet', event.target.value)}
            />
          </label>
          <Button
            type="button"
            variant="ghost"
            size="small"
            className={styles.remove}
            disabled={tiers.length === 1}
            aria-label={t('contracts.offer.removeTier', { tier: index + 1 })}
            onClick={() => onChange(tiers.filter((_, at) => at !== index))}
          >
            ✕
          </Button>
        </div>
      ))}
      {tiers.length < CONTRACT_TIERS_MAX && (
        <Button
          type="button"
          variant="secondary"
          size="small"
          onClick={() => onChange([...tiers, { ...(tiers.at(-1) ?? { rate: '', members: '0', validBet: '0' }) }])}
        >
          {t('contracts.offer.addTier')}
        </Button>
      )}
    </fieldset>
  );
}
