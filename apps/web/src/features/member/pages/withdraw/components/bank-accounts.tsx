import type { WithdrawalOverview } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { useBindBankAccount, useRemoveBankAccount } from '../api/change-bank-accounts';
import styles from '../withdraw.module.css';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null);

/**
 * The member's bank accounts, numbers masked: add one (a bank of the brand, the number, the holder, who must be the
 * registered real name) up to the brand's limit; remove one with the payment password.
 */
export function BankAccounts({ overview }: { overview: WithdrawalOverview }) {
  const { t } = useTranslation('member-withdraw');
  const ids = useId();
  const bind = useBindBankAccount();
  const remove = useRemoveBankAccount();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [form, setForm] = useState({ bankCode: '', accountNumber: '', holderName: '' });
  const [password, setPassword] = useState('');
  // Which notice to show, written at render so it follows a change of language.
  const [notice, setNotice] = useState<'added' | 'removed' | null>(null);
  const { bankAccounts, rules } = overview;
  const full = bankAccounts.length >= rules.maxBankAccounts;

  function onAdd(event: React.FormEvent) {
    event.preventDefault();
    bind.mutate(form, {
      onSuccess: () => {
        setAdding(false);
        setForm({ bankCode: '', accountNumber: '', holderName: '' });
        setNotice('added');
      },
    });
  }

  function onRemove(event: React.FormEvent, bankAccountId: number) {
    event.preventDefault();
    remove.mutate(
      { bankAccountId, paymentPassword: password },
      {
        onSuccess: () => {
          setRemoving(null);
          setPassword('');
          setNotice('removed');
        },
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby={`${ids}-title`}>
      <div className={styles.cardHead}>
        <h3 id={`${ids}-title`} className={styles.subtitle}>
          {t('accounts.title')}
        </h3>
        <span className={styles.muted}>
          {t('accounts.count', { count: bankAccounts.length, max: rules.maxBankAccounts })}
        </span>
      </div>
      {notice && (
        <p className={styles.notice} role="status">
          {notice === 'added' ? t('accounts.added') : t('accounts.removed')}
        </p>
      )}
      {!overview.payeeNameSet ? (
        <p className={styles.muted}>{t('accounts.noName')}</p>
      ) : bankAccounts.length === 0 && !adding ? (
        <p className={styles.muted}>{t('accounts.empty')}</p>
      ) : null}
      {bankAccounts.length > 0 && (
        <ul className={styles.accounts}>
          {bankAccounts.map((account) => (
            <li key={account.id} className={styles.account} data-testid="bank-account">
              <div className={styles.accountBody}>
                <span className={styles.accountBank}>{account.bankName}</span>
                <span className={styles.accountNumber}>{account.accountNumberMasked}</span>
                <span className={styles.muted}>{account.holderName}</span>
              </div>
              {removing === account.id ? (
                <form className={styles.inline} onSubmit={(event) => onRemove(event, account.id)} noValidate>
                  <p className={styles.text}>
                    {t('accounts.removeTitle', { bank: account.bankName, number: account.accountNumberMasked })}
                  </p>
                  <label className={styles.field}>
                    <span className={styles.label}>{t('accounts.password')}</span>
                    <input
                      className={styles.input}
                      type="password"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={6}
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  </label>
                  {remove.isError && (
                    <p className={styles.error} role="alert">
                      {errorText(remove.error)}
                    </p>
                  )}
                  <div className={styles.actions}>
                    <Button type="submit" variant="primary" disabled={remove.isPending || password.length === 0}>
                      {t('accounts.confirmRemove')}
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setRemoving(null);
                        remove.reset();
                      }}
                    >
                      {t('accounts.cancel')}
                    </Button>
                  </div>
                </form>
              ) : (
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => {
                    setRemoving(account.id);
                    setPassword('');
                    setNotice(null);
                    remove.reset();
                  }}
                >
                  {t('accounts.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {overview.payeeNameSet &&
        (adding ? (
          <form className={styles.addForm} onSubmit={onAdd} noValidate aria-label={t('accounts.add')}>
            <label className={styles.field}>
              <span className={styles.label}>{t('accounts.bank')}</span>
              <select
                className={styles.input}
                value={form.bankCode}
                onChange={(event) => setForm({ ...form, bankCode: event.target.value })}
              >
                <option value="">{t('accounts.chooseBank')}</option>
                {overview.banks.map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('accounts.number')}</span>
              <input
                className={styles.input}
                inputMode="numeric"
                autoComplete="off"
                maxLength={30}
                value={form.accountNumber}
                onChange={(event) => setForm({ ...form, accountNumber: event.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('accounts.holder')}</span>
              <input
                className={styles.input}
                autoComplete="name"
                maxLength={50}
                value={form.holderName}
                onChange={(event) => setForm({ ...form, holderName: event.target.value })}
              />
              <span className={styles.hint}>{t('accounts.holderHint')}</span>
            </label>
            {bind.isError && (
              <p className={styles.error} role="alert">
                {errorText(bind.error)}
              </p>
            )}
            <div className={styles.actions}>
              <Button
                type="submit"
                disabled={bind.isPending || !form.bankCode || !form.accountNumber || !form.holderName}
              >
                {t('accounts.save')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setAdding(false);
                  bind.reset();
                }}
              >
                {t('accounts.cancel')}
              </Button>
            </div>
          </form>
        ) : full ? (
          <p className={styles.hint}>{t('accounts.limit')}</p>
        ) : (
          <Button
            variant="secondary"
            className={styles.addButton}
            onClick={() => {
              setAdding(true);
              setNotice(null);
            }}
          >
            {t('accounts.add')}
          </Button>
        ))}
    </section>
  );
}
