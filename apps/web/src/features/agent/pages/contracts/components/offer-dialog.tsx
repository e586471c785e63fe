import { ContractTermsSchema, type Contract, type ContractKind, type ContractTerms } from '@parlay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Modal } from '../../../../../components/ui/dialog';
import { ApiError } from '../../../../../lib/api-client';
import { useOptionalBrand } from '../../../../../lib/brand';
import { isAgentType } from '../../../lib/agent-types';
import { useTeamMembers } from '../../downline-managment-view/api/get-team-members';
import { useProcessContract } from '../api/contracts';
import styles from '../contracts.module.css';
import { useContractLabels } from './contract-labels';
import { readTiers, TierEditor, tierDrafts, type TierDraft } from './tier-editor';

export { parseRate } from './tier-editor';

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
  const [tiers, setTiers] = useState<TierDraft[]>(() => tierDrafts(own.tiers, exponent));
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);
  const title = t(`contracts.offer.title.${kind}`);

  function onTiers(next: TierDraft[]) {
    setTiers(next);
    setError(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    if (!account) {
      setError(t('contracts.offer.errors.account'));
      return;
    }
    const result = readTiers(tiers, { topRateBp: own.topRateBp, exponent, rate: labels.rate }, t);
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
        <TierEditor tiers={tiers} exponent={exponent} onChange={onTiers} />
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
