import type { Contract, ContractAction, ContractTier } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import styles from '../contracts.module.css';
import { useContractLabels } from './contract-labels';

/** The tiers of a contract: each rate with what the period must reach for it. */
export function TiersTable({ tiers, label }: { tiers: readonly ContractTier[]; label: string }) {
  const { t } = useTranslation('member-agent');
  const labels = useContractLabels();
  return (
    <table className={styles.tiers} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('contracts.tiers.tier')}</th>
          <th scope="col">{t('contracts.tiers.rate')}</th>
          <th scope="col">{t('contracts.tiers.activeMembers')}</th>
          <th scope="col">{t('contracts.tiers.validBet')}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier, index) => (
          <tr key={index}>
            <td>{index + 1}</td>
            <td className={styles.rate}>{labels.rate(tier.rateBp)}</td>
            <td>{tier.minActiveMembers}</td>
            <td>{labels.money(tier.minValidBetMinor)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the caller may do with a contract from its side: the server checks again (with the contract's version). */
export function actionsFor(contract: Contract, side: 'upline' | 'downline'): ContractAction[] {
  if (contract.status === 'offered') return side === 'downline' ? ['accept', 'reject'] : ['cancel'];
  if (contract.status !== 'active') return [];
  // The brand's contract with a top agent changes through the operator, not through a request here.
  if (side === 'downline' && contract.uplineAccount === null) return [];
  if (contract.terminationRequestedBy === null) return ['requestTermination'];
  return contract.terminationRequestedBy === side ? ['withdrawTermination'] : ['confirmTermination'];
}

/**
 * One contract as a card: who gives it to whom, its status, its measure, its tiers, where a termination stands, and
 * the actions of the caller's `side`.
 */
export function ContractCard({
  contract,
  side,
  busy,
  onAction,
}: {
  contract: Contract;
  /** The caller's side: downline for "My contract", upline for "Contracts I give". */
  side: 'upline' | 'downline';
  busy: boolean;
  onAction: (contract: Contract, action: ContractAction) => void;
}) {
  const { t } = useTranslation('member-agent');
  const labels = useContractLabels();
  const party =
    side === 'downline'
      ? contract.uplineAccount
        ? t('contracts.from', { account: contract.uplineAccount })
        : t('contracts.fromBrand')
      : t('contracts.to', { account: contract.downlineAccount });
  const ending = contract.status === 'active' ? contract.terminationRequestedBy : null;
  return (
    <article className={styles.card} aria-label={party} data-status={contract.status}>
      <header className={styles.cardHead}>
        <h4 className={styles.party}>{party}</h4>
        <span className={styles.badge} data-status={ending ? 'ending' : contract.status}>
          {labels.status(contract)}
        </span>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t(contract.salaryType ? 'contracts.salaryType' : 'contracts.period')}</dt>
          <dd>{labels.basis(contract)}</dd>
        </div>
        <div>
          <dt>{t('contracts.topRate')}</dt>
          <dd>{labels.rate(contract.topRateBp)}</dd>
        </div>
        <div>
          <dt>{t(contract.status === 'offered' ? 'contracts.offeredAt' : 'contracts.activeSince')}</dt>
          <dd>{labels.date(contract.activatedAt ?? contract.createdAt)}</dd>
        </div>
      </dl>
      <TiersTable tiers={contract.tiers} label={t('contracts.tiers.label', { party })} />
      {contract.status === 'offered' && (
        <p className={styles.note}>{t(side === 'downline' ? 'contracts.waitingYou' : 'contracts.waitingThem')}</p>
      )}
      {ending && (
        <p className={styles.note} data-tone="warning">
          {t(ending === side ? 'contracts.termination.byMe' : 'contracts.termination.byOther')}
        </p>
      )}
      {actionsFor(contract, side).length > 0 && (
        <div className={styles.cardActions}>
          {actionsFor(contract, side).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'accept' || action === 'confirmTermination' ? 'primary' : 'secondary'}
              disabled={busy}
              aria-label={t(`contracts.actionsFor.${action}`, { party })}
              onClick={() => onAction(contract, action)}
            >
              {t(`contracts.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
