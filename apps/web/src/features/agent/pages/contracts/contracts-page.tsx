import type { Contract, ContractAction, ContractKind } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ApiError } from '../../../../lib/api-client';
import { useKindContracts, useProcessContract } from './api/contracts';
import { ContractCard } from './components/contract-card';
import { useContractLabels } from './components/contract-labels';
import { OfferDialog } from './components/offer-dialog';
import { SettlementRecords } from './components/settlement-records';
import styles from './contracts.module.css';

/** The accounts a CONTRACT_CONFIRM_DOWNLINE_TERMINATION refusal names (its value.accounts). */
function accountsOf(value: unknown): string[] {
  const accounts = (value as { accounts?: unknown } | undefined)?.accounts;
  return Array.isArray(accounts) ? accounts.filter((item): item is string => typeof item === 'string') : [];
}

/** What the last action did: a text of ours by its key (drawn in the language shown), or the server's refusal. */
type Outcome = { tone: 'done'; key: string; params?: Record<string, string> } | { tone: 'error'; text: string };

/**
 * A contract page of the agent centre (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary,
 * agentRealtimeSalary; docs/decisions/0066-agent-contracts.md), one kind: my contract from my upline (or the brand)
 * and what I may do with it, the contracts I give my direct downline agents, an offer of a new one, the ended ones, and
 * the kind's settlement records (decision 0068).
 * Every action sends the version read: a contract changed since is refused, and the page reads the kind again.
 */
export function ContractsPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('member-agent');
  const contracts = useKindContracts(kind);
  const process = useProcessContract(kind);
  const [offering, setOffering] = useState(false);
  const [confirm, setConfirm] = useState<{ contract: Contract; accounts: string[] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function act(contract: Contract, action: ContractAction, confirmDownlineTermination = false) {
    setOutcome(null);
    process.mutate(
      {
        action,
        contractId: contract.id,
        version: contract.version,
        ...(confirmDownlineTermination ? { confirmDownlineTermination } : {}),
      },
      {
        onSuccess: (result) => {
          setConfirm(null);
          const ended = result.endedDownline.map((row) => row.account);
          setOutcome(
            ended.length > 0
              ? { tone: 'done', key: 'contracts.done.acceptEnded', params: { accounts: ended.join(', ') } }
              : { tone: 'done', key: `contracts.done.${action}` },
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONTRACT_CONFIRM_DOWNLINE_TERMINATION') {
            setConfirm({ contract, accounts: accountsOf(error.value) });
            return;
          }
          setConfirm(null);
          setOutcome({ tone: 'error', text: error instanceof ApiError ? error.message : t('contracts.failed') });
        },
      },
    );
  }

  if (contracts.isPending) {
    return (
      <p className={styles.muted} aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (contracts.isError) {
    return (
      <div className={styles.error} role="alert">
        <span>{contracts.error.message}</span>
        <Button variant="secondary" size="small" onClick={() => void contracts.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }

  const { fromUpline, toDownline, history } = contracts.data;
  const own = fromUpline.find((contract) => contract.status === 'active') ?? null;
  const pendingTo = toDownline.filter((contract) => contract.status === 'offered').map((row) => row.downlineAccount);
  const busy = process.isPending;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t(`contracts.kinds.${kind}`)}</h2>
        <p className={styles.muted}>{t(`contracts.intro.${kind}`)}</p>
      </header>
      {outcome &&
        (outcome.tone === 'error' ? (
          <p className={styles.error} role="alert">
            {outcome.text}
          </p>
        ) : (
          <p className={styles.done} role="status">
            {t(outcome.key, outcome.params)}
          </p>
        ))}

      <section className={styles.section} aria-labelledby={`contracts-${kind}-mine`}>
        <h3 id={`contracts-${kind}-mine`} className={styles.sectionTitle}>
          {t('contracts.mine')}
        </h3>
        {fromUpline.length === 0 ? (
          <EmptyState compact icon="info" title={t('contracts.noneMine')} text={t('contracts.noneMineText')} />
        ) : (
          <div className={styles.cards}>
            {fromUpline.map((contract) => (
              <ContractCard key={contract.id} contract={contract} side="downline" busy={busy} onAction={act} />
            ))}
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`contracts-${kind}-given`}>
        <div className={styles.sectionHead}>
          <h3 id={`contracts-${kind}-given`} className={styles.sectionTitle}>
            {t('contracts.given')}
          </h3>
          {own && (
            <Button size="small" onClick={() => setOffering(true)}>
              {t('contracts.offer.open')}
            </Button>
          )}
        </div>
        {!own && <p className={styles.hint}>{t('contracts.offer.needOwn')}</p>}
        {toDownline.length === 0 ? (
          <EmptyState compact icon="user" title={t('contracts.noneGiven')} />
        ) : (
          <div className={styles.cards}>
            {toDownline.map((contract) => (
              <ContractCard key={contract.id} contract={contract} side="upline" busy={busy} onAction={act} />
            ))}
          </div>
        )}
      </section>

      <History history={history} />

      <SettlementRecords kind={kind} />

      {offering && own && (
        <OfferDialog
          kind={kind}
          own={own}
          pendingTo={pendingTo}
          onClose={() => setOffering(false)}
          onOffered={(account) => {
            setOffering(false);
            setOutcome({ tone: 'done', key: 'contracts.done.offer', params: { account } });
          }}
        />
      )}
      {confirm && (
        <Modal
          open
          onOpenChange={(open) => !open && setConfirm(null)}
          title={t('contracts.confirmEnd.title')}
          width={440}
          height={0}
          name="confirmDownlineTermination"
        >
          <div className={styles.form}>
            <p className={styles.body}>{t('contracts.confirmEnd.text')}</p>
            <ul className={styles.accounts} aria-label={t('contracts.confirmEnd.list')}>
              {confirm.accounts.map((account) => (
                <li key={account}>{account}</li>
              ))}
            </ul>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                {t('contracts.confirmEnd.no')}
              </Button>
              <Button disabled={busy} onClick={() => act(confirm.contract, 'accept', true)}>
                {t('contracts.confirmEnd.yes')}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** The ended contracts of the kind, either side, newest first: a table, a card each on a phone. */
function History({ history }: { history: readonly Contract[] }) {
  const { t } = useTranslation('member-agent');
  const labels = useContractLabels();
  return (
    <section className={styles.section}>
      <h3 id="contracts-history" className={styles.sectionTitle}>
        {t('contracts.history')}
      </h3>
      {history.length === 0 ? (
        <p className={styles.muted}>{t('contracts.noHistory')}</p>
      ) : (
        <div className={styles.scroll} role="region" aria-labelledby="contracts-history" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('contracts.party')}</th>
                <th scope="col">{t('contracts.topRate')}</th>
                <th scope="col">{t('contracts.statusLabel')}</th>
                <th scope="col">{t('contracts.endReason')}</th>
                <th scope="col">{t('contracts.started')}</th>
                <th scope="col">{t('contracts.ended')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((contract) => (
                <tr key={contract.id}>
                  <th scope="row">
                    {contract.uplineAccount === null
                      ? t('contracts.fromBrand')
                      : `${contract.uplineAccount} → ${contract.downlineAccount}`}
                  </th>
                  <td data-label={t('contracts.topRate')}>{labels.rate(contract.topRateBp)}</td>
                  <td data-label={t('contracts.statusLabel')}>{labels.status(contract)}</td>
                  <td data-label={t('contracts.endReason')}>{labels.endReason(contract)}</td>
                  <td data-label={t('contracts.started')}>{labels.date(contract.activatedAt ?? contract.createdAt)}</td>
                  <td data-label={t('contracts.ended')}>{labels.date(contract.endedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
