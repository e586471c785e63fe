import { CONTRACT_KINDS, type Contract, type ContractKind, type ContractTerms } from '@parlay/contract';
import { useQueries } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../../../lib/session-store';
import { getKindContractsQueryOptions } from '../../contracts/api/contracts';
import { useContractLabels } from '../../contracts/components/contract-labels';
import { readTiers, TierEditor, tierDrafts, type TierDraft } from '../../contracts/components/tier-editor';
import styles from '../register-center.module.css';

/** The tiers typed per kind a sub-agent link offers (a kind left out offers nothing). */
export type LinkTermsDraft = Partial<Record<ContractKind, TierDraft[]>>;

/**
 * My active contracts from my upline or the site, per kind (the contract pages' own calls): what a link's terms are
 * bounded by. Read only while `enabled` (a sub-agent link is being made).
 */
export function useOwnContracts(enabled: boolean): { own: Contract[]; isPending: boolean } {
  const token = useSessionStore((state) => state.token);
  const results = useQueries({
    queries: CONTRACT_KINDS.map((kind) => ({
      ...getKindContractsQueryOptions(token, kind),
      enabled: enabled && token !== null,
    })),
  });
  return {
    own: results.flatMap((result) => result.data?.fromUpline.filter((row) => row.status === 'active') ?? []),
    isPending: enabled && results.some((result) => result.isPending),
  };
}

/**
 * A link's terms as the contract's, on my own salary type or period, or the first thing wrong with them (named by
 * kind). The server checks them again as it checks an offer (decision 0064).
 */
export function readLinkTerms(
  draft: LinkTermsDraft,
  own: readonly Contract[],
  options: { exponent: number; rate: (rateBp: number) => string },
  t: TFunction<'member-agent'>,
): ContractTerms[] | string {
  const terms: ContractTerms[] = [];
  for (const contract of own) {
    const drafts = draft[contract.kind];
    if (!drafts) continue;
    const tiers = readTiers(drafts, { ...options, topRateBp: contract.topRateBp }, t);
    if (typeof tiers === 'string') return `${t(`contracts.kinds.${contract.kind}`)}: ${tiers}`;
    terms.push({ kind: contract.kind, salaryType: contract.salaryType, period: contract.period, tiers });
  }
  return terms;
}

/**
 * The contract terms a sub-agent link offers each new sub-agent (optional): per kind I hold, a box to offer it and, when
 * ticked, its tiers, starting as mine; the salary type or period are my own contract's.
 */
export function LinkContractTerms({
  own,
  isPending,
  exponent,
  value,
  onChange,
}: {
  own: readonly Contract[];
  isPending: boolean;
  exponent: number;
  value: LinkTermsDraft;
  onChange: (value: LinkTermsDraft) => void;
}) {
  const { t } = useTranslation('member-agent');
  const ids = useId();
  const labels = useContractLabels();

  function toggle(contract: Contract, on: boolean) {
    const next = { ...value };
    if (on) next[contract.kind] = tierDrafts(contract.tiers, exponent);
    else delete next[contract.kind];
    onChange(next);
  }

  return (
    <fieldset className={styles.terms} aria-describedby={`${ids}-hint`}>
      <legend className={styles.label}>{t('accounts.links.terms.title')}</legend>
      <p id={`${ids}-hint`} className={styles.hint}>
        {isPending ? t('loading') : own.length === 0 ? t('accounts.links.terms.none') : t('accounts.links.terms.hint')}
      </p>
      {own.map((contract) => {
        const drafts = value[contract.kind];
        return (
          <div key={contract.kind} className={styles.termsKind} data-testid="link-terms-kind">
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={drafts !== undefined}
                onChange={(event) => toggle(contract, event.target.checked)}
              />
              <span>{t(`contracts.kinds.${contract.kind}`)}</span>
            </label>
            {drafts && (
              <>
                <p className={styles.hint}>
                  {t(contract.salaryType ? 'contracts.salaryType' : 'contracts.period')}: {labels.basis(contract)} ·{' '}
                  {t('contracts.offer.cap', { max: labels.rate(contract.topRateBp) })}
                </p>
                <TierEditor
                  tiers={drafts}
                  exponent={exponent}
                  legend={t('accounts.links.terms.tiers', { kind: t(`contracts.kinds.${contract.kind}`) })}
                  onChange={(tiers) => onChange({ ...value, [contract.kind]: tiers })}
                />
              </>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A link's terms in brief for the list: each kind with its top rate ("Dividend contracts 40%"). */
export function useTermsSummary(): (terms: readonly ContractTerms[]) => string {
  const { t } = useTranslation('member-agent');
  const labels = useContractLabels();
  return (terms) =>
    terms.length === 0
      ? '—'
      : terms
          .map((item) => `${t(`contracts.kinds.${item.kind}`)} ${labels.rate(item.tiers.at(-1)?.rateBp ?? 0)}`)
          .join(' · ');
}
