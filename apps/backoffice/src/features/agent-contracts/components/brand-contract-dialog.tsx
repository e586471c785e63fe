import {
  CONTRACT_KINDS,
  CONTRACT_PERIODS,
  CONTRACT_TIERS_MAX,
  SALARY_TYPES,
  type ContractKind,
  type ContractPeriod,
  type ContractTier,
  type SalaryType,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/form';
import { parseMajor } from '../../../lib/money';
import { toast } from '../../../lib/toast-store';
import { useBrandCurrency, useSetBrandContract } from '../api/agent-contracts';
import styles from './agent-contracts.module.css';
import { parsePercent, percentOf } from './terms';

/** A tier as typed: the rate in percent, the valid bet in the brand's major units. */
interface TierText {
  key: number;
  rate: string;
  members: string;
  validBet: string;
}

let nextKey = 1;
const emptyTier = (): TierText => ({ key: nextKey++, rate: '', members: '0', validBet: '0' });

/** The typed tiers as the contract's, or the 1-based number of the first tier that is not a valid one. */
function parseTiers(rows: readonly TierText[], currency: string): ContractTier[] | number {
  const tiers: ContractTier[] = [];
  for (const [index, row] of rows.entries()) {
    const rateBp = parsePercent(row.rate);
    const members = /^\d{1,7}$/.test(row.members.trim()) ? Number(row.members.trim()) : null;
    const validBet = parseMajor(row.validBet, currency);
    if (rateBp === null || members === null || members > 1_000_000 || validBet === null) return index + 1;
    tiers.push({ rateBp, minActiveMembers: members, minValidBetMinor: validBet });
  }
  return tiers;
}

/**
 * Sets the brand's contract with a top agent (an agent whose upline is no agent), by its account: a dividend with its
 * period, or a salary with its type, and its tiers, each a rate with what the period must reach. Active at once, in
 * place of the agent's brand contract of that kind, and audited. The server refuses an account that is no member
 * (AGENT_MEMBER_NOT_FOUND), no top agent (CONTRACT_NOT_TOP_AGENT) or tiers that do not rise
 * (CONTRACT_TERMS_INVALID) in the operator's language; the dialog shows its words and stays open.
 */
export function BrandContractDialog({ brand, onClose }: { brand: string; onClose: () => void }) {
  const { t } = useTranslation('agentContracts');
  const currency = useBrandCurrency(brand);
  const save = useSetBrandContract(brand);
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<ContractKind>('dividend');
  const [salaryType, setSalaryType] = useState<SalaryType>('single_bet');
  const [period, setPeriod] = useState<ContractPeriod>('W');
  const [tiers, setTiers] = useState<TierText[]>(() => [emptyTier()]);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (key: number, field: keyof Omit<TierText, 'key'>, value: string) =>
    setTiers((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  async function submit() {
    setFailure(null);
    if (!account.trim() || !currency.data) {
      setFailure(t('set.accountRequired'));
      return;
    }
    const parsed = parseTiers(tiers, currency.data);
    if (typeof parsed === 'number') {
      setFailure(t('set.tierInvalid', { tier: parsed }));
      return;
    }
    const isDividend = kind === 'dividend';
    try {
      const contract = await save.mutateAsync({
        account: account.trim(),
        terms: {
          kind,
          salaryType: isDividend ? null : salaryType,
          period: isDividend ? period : null,
          tiers: parsed,
        },
      });
      toast.success(
        t('set.saved', {
          kind: t(`kinds.${contract.kind}`),
          account: contract.downlineAccount,
          rate: percentOf(contract.topRateBp),
        }),
      );
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('set.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('set.title')}
      description={t('set.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="brand-contract" disabled={save.isPending || !currency.data}>
            {t('set.confirm')}
          </Button>
        </>
      }
    >
      <form
        id="brand-contract"
        className={styles.fields}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('set.account')}
          hint={t('set.accountHint')}
          value={account}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setAccount(event.target.value)}
        />
        <div className={styles.pair}>
          <SelectField
            label={t('set.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as ContractKind)}
          >
            {CONTRACT_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </SelectField>
          {kind === 'dividend' ? (
            <SelectField
              label={t('set.period')}
              value={period}
              onChange={(event) => setPeriod(event.target.value as ContractPeriod)}
            >
              {CONTRACT_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`periods.${value}`)}
                </option>
              ))}
            </SelectField>
          ) : (
            <SelectField
              label={t('set.salaryType')}
              value={salaryType}
              onChange={(event) => setSalaryType(event.target.value as SalaryType)}
            >
              {SALARY_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`salaryTypes.${value}`)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <fieldset className={styles.tiers}>
          <legend>{t('set.tiers')}</legend>
          <p className={styles.hint}>{t('set.tiersHint')}</p>
          <ol className={styles.tierList}>
            {tiers.map((row, index) => (
              <li key={row.key} className={styles.tier} aria-label={t('set.tier', { tier: index + 1 })}>
                <div className={styles.tierHead}>
                  <strong>{t('set.tier', { tier: index + 1 })}</strong>
                  {tiers.length > 1 && (
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={t('set.removeTier', { tier: index + 1 })}
                      onClick={() => setTiers((rows) => rows.filter((item) => item.key !== row.key))}
                    >
                      {t('set.remove')}
                    </Button>
                  )}
                </div>
                <div className={styles.tierFields}>
                  <TextField
                    label={t('set.rate')}
                    inputMode="decimal"
                    value={row.rate}
                    onChange={(event) => change(row.key, 'rate', event.target.value)}
                  />
                  <TextField
                    label={t('set.members')}
                    inputMode="numeric"
                    value={row.members}
                    onChange={(event) => change(row.key, 'members', event.target.value)}
                  />
                  <TextField
                    label={t('set.validBet', { currency: currency.data ?? '' })}
                    inputMode="decimal"
                    value={row.validBet}
                    onChange={(event) => change(row.key, 'validBet', event.target.value)}
                  />
                </div>
              </li>
            ))}
          </ol>
          {tiers.length < CONTRACT_TIERS_MAX && (
            <Button size="small" variant="secondary" onClick={() => setTiers((rows) => [...rows, emptyTier()])}>
              {t('set.addTier')}
            </Button>
          )}
        </fieldset>
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
