import {
  CONTRACT_TIERS_MAX,
  ContractTermsSchema,
  type Contract,
  type ContractKind,
  type ContractTerms,
  type ContractTier,
} from '@parlay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Modal } from '../../../../../components/ui/dialog';
import { ApiError } from '../../../../../lib/api-client';
import { useOptionalBrand } from '../../../../../lib/brand';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import { isAgentType } from '../../../lib/agent-types';
import { useTeamMembers } from '../../downline-managment-view/api/get-team-members';
import { useProcessContract } from '../api/contracts';
import styles from '../contracts.module.css';
import { useContractLabels } from './contract-labels';

/** A tier as typed: a rate in percent, members, and a valid bet in major units. */
interface TierDraft {
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

/**
 * Offer a direct downline agent a contract of `own`'s kind (docs/decisions/0066-agent-contracts.md): its salary type or
 * period are those of my own contract, and its tiers start as mine, each rate at most my top rate. The checks here
 * are the server's (which checks again); a refusal shows in the member's language.
 */
export function OfferDialog({
  kind,
  own,
  pendingTo,
  onClose,
  onOffered,
}: {
  kind: ContractKind;
  /** My active contract of this kind: it bounds the offer. */
  own: Contract;
  /** Direct downline agents who have an offer of this kind waiting already. */
  pendingTo: readonly string[];
  onClose: () => void;
  onOffered: (account: string) => void;
}) {
  const { t } = useTranslation('member-agent');
  const ids = useId();
  const labels = useContractLabels();
  const exponent = useOptionalBrand()?.brand?.currencyExponent ?? 0;
  const members = useTeamMembers('', true);
  const agents = (members.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((member) => isAgentType(member.type) && member.status === 'active');
  const offer = useProcessContract(kind);
  const [account, setAccount] = useState('');
  const [tiers, setTiers] = useState<TierDraft[]>(() =>
    own.tiers.map((tier) => ({
      rate: rateText(tier.rateBp),
      members: String(tier.minActiveMembers),
      validBet: majorText(tier.minValidBetMinor, exponent),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const title = t(`contracts.offer.title.${kind}`);

  function setTier(index: number, field: keyof TierDraft, value: string) {
    setTiers((all) => all.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
    setError(null);
  }

  /** The tiers as the contract's, or the first thing wrong with them. */
  function read(): ContractTier[] | string {
    const read: ContractTier[] = [];
    for (const [index, draft] of tiers.entries()) {
      const rateBp = parseRate(draft.rate);
      if (rateBp === null) return t('contracts.offer.errors.rate', { tier: index + 1 });
      if (rateBp > own.topRateBp) {
        return t('contracts.offer.errors.rateAbove', { tier: index + 1, max: labels.rate(own.topRateBp) });
      }
      if (!/^\d{1,7}$/.test(draft.members.trim())) return t('contracts.offer.errors.members', { tier: index + 1 });
      const minValidBetMinor = parseValidBet(draft.validBet, exponent);
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (!account) {
      setError(t('contracts.offer.errors.account'));
      return;
    }
    const result = read();
    if (typeof result === 'string') {
      setError(result);
      return;
    }
    const terms: ContractTerms = { kind, salaryType: own.salaryType, period: own.period, tiers: result };
    if (!ContractTermsSchema.safeParse(terms).success) {
      setError(t('contracts.failed'));
      return;
    }
    setError(null);
    sending.current = true;
    offer.mutate(
      { action: 'offer', downlineAccount: account, terms },
      {
        onSuccess: () => onOffered(account),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('contracts.failed')),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} width={560} height={0} name="offerContract">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-account`}>
            {t('contracts.offer.downline')}
          </label>
          <select
            id={`${ids}-account`}
            className={styles.input}
            value={account}
            disabled={members.isPending}
            onChange={(event) => {
              setAccount(event.target.value);
              setError(null);
            }}
          >
            <option value="">{members.isPending ? t('loading') : t('contracts.offer.pick')}</option>
            {agents.map((member) => (
              <option key={member.id} value={member.account} disabled={pendingTo.includes(member.account)}>
                {pendingTo.includes(member.account)
                  ? t('contracts.offer.pending', { account: member.account })
                  : member.account}
              </option>
            ))}
          </select>
          {!members.isPending && agents.length === 0 && (
            <span className={styles.hint}>{t('contracts.offer.noAgents')}</span>
          )}
          {members.hasNextPage && (
            <Button
              type="button"
              variant="ghost"
              size="small"
              disabled={members.isFetchingNextPage}
              onClick={() => void members.fetchNextPage()}
            >
              {t('team.more')}
            </Button>
          )}
        </div>
        <p className={styles.hint}>
          {t(own.salaryType ? 'contracts.salaryType' : 'contracts.period')}: {labels.basis(own)} ·{' '}
          {t('contracts.offer.cap', { max: labels.rate(own.topRateBp) })}
        </p>
        <fieldset className={styles.editor}>
          <legend className={styles.label}>{t('contracts.offer.tiers')}</legend>
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
                onClick={() => setTiers((all) => all.filter((_, at) => at !== index))}
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
              onClick={() =>
                setTiers((all) => [...all, { ...(all.at(-1) ?? { rate: '', members: '0', validBet: '0' }) }])
              }
            >
              {t('contracts.offer.addTier')}
            </Button>
          )}
        </fieldset>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('contracts.close')}
          </Button>
          <Button type="submit" disabled={offer.isPending}>
            {offer.isPending ? t('contracts.busy') : t('contracts.offer.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
