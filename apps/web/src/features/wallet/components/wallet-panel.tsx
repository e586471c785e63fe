import { MAIN_WALLET, type BettingRecord, type MerchantWallet } from '@parlay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { ApiError } from '../../../lib/api-client';
import { useMemberCentreStore } from '../../../lib/member-centre-store';
import { isRealAccount, useSessionStore } from '../../../lib/session-store';
import { useBalance } from '../api/get-balance';
import { useBettingRecords } from '../api/get-betting-records';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { useTransferWallet } from '../api/transfer-wallet';
import { formatMoney, parseMajorToMinor } from '../../../lib/format-money';
import { RoundDetail } from './round-detail';
import styles from './wallet-panel.module.css';

function useMoney() {
  const { i18n } = useTranslation();
  const balance = useBalance();
  const exponent = balance.data?.currencyExponent ?? 0;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number, currency: string) =>
    formatMoney(minor, { currency, exponent, locale, display: 'symbol' });
  return {
    exponent,
    format,
    // A gain or a loss, written alike wherever the panel shows one: + or − before it, no sign on zero.
    formatSigned: (minor: number, currency: string) =>
      formatMoney(minor, { currency, exponent, locale, display: 'symbol', signDisplay: 'exceptZero' }),
  };
}

/**
 * A wallet's name in the member's language. The main wallet is named here from its code, so a change of
 * language renames it at once; a vendor wallet keeps the name the server gives it.
 */
function useWalletName() {
  const { t } = useTranslation('wallet');
  return (wallet: Pick<MerchantWallet['wallets'][number], 'walletCode' | 'displayName'>) =>
    wallet.walletCode === MAIN_WALLET ? t('panel.mainWallet') : wallet.displayName;
}

function TransferForm({
  wallets,
  currency,
}: {
  wallets: { walletCode: string; displayName: string }[];
  currency: string;
}) {
  const { t } = useTranslation('wallet');
  const { exponent } = useMoney();
  const walletName = useWalletName();
  const transfer = useTransferWallet();
  const [from, setFrom] = useState(wallets[0]?.walletCode ?? '');
  const [to, setTo] = useState(wallets[1]?.walletCode ?? '');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One id per attempt: a double click or a retry of the same transfer moves the money once.
  const attempt = useRef<{ key: string; requestId: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = parseMajorToMinor(amount, exponent);
    if (from === to) return setProblem(t('transfer.sameWallet'));
    if (amountMinor === null) return setProblem(t('transfer.badAmount'));
    setProblem(null);
    const key = `${from}|${to}|${amountMinor}`;
    if (attempt.current?.key !== key) attempt.current = { key, requestId: `web-${crypto.randomUUID()}` };
    transfer.mutate(
      { fromWallet: from, toWallet: to, amountMinor, requestId: attempt.current.requestId },
      {
        onSuccess: () => {
          attempt.current = null;
          setAmount('');
        },
      },
    );
  }

  return (
    <form className={styles.transfer} onSubmit={onSubmit} noValidate>
      <label>
        <span>{t('transfer.from')}</span>
        <select value={from} onChange={(event) => setFrom(event.target.value)}>
          {wallets.map((wallet) => (
            <option key={wallet.walletCode} value={wallet.walletCode}>
              {walletName(wallet)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('transfer.to')}</span>
        <select value={to} onChange={(event) => setTo(event.target.value)}>
          {wallets.map((wallet) => (
            <option key={wallet.walletCode} value={wallet.walletCode}>
              {walletName(wallet)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('transfer.amount', { currency })}</span>
        <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <Button type="submit" disabled={transfer.isPending}>
        {t('transfer.submit')}
      </Button>
      {(problem ?? transfer.error) && (
        <p className={styles.error} role="alert">
          {problem ?? (transfer.error instanceof ApiError ? transfer.error.message : t('failed'))}
        </p>
      )}
      {transfer.isSuccess && !problem && (
        <p className={styles.success} role="status">
          {t('transfer.done')}
        </p>
      )}
    </form>
  );
}

function RecordRow({ record }: { record: BettingRecord }) {
  const { t, i18n } = useTranslation('wallet');
  const { format, formatSigned } = useMoney();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(record.settledAt ?? record.startedAt));
  return (
    <li className={styles.record}>
      <div className={styles.recordMain}>
        <strong>{record.gameName}</strong>
        <span className={styles.muted}>
          {record.vendorName} · {time}
        </span>
      </div>
      <dl className={styles.recordAmounts}>
        <div>
          <dt>{t('records.stake')}</dt>
          <dd>{format(record.stakeMinor, record.currency)}</dd>
        </div>
        <div>
          <dt>{t('records.win')}</dt>
          <dd>{format(record.winMinor, record.currency)}</dd>
        </div>
        <div>
          <dt>{t('records.profit')}</dt>
          {/* An open round has no result yet: its profit is not ₩0, it is not known. */}
          {record.status === 'open' ? (
            <dd data-sign="open">{t('records.profitOpen')}</dd>
          ) : (
            <dd data-sign={record.profitMinor > 0 ? 'plus' : record.profitMinor < 0 ? 'minus' : 'zero'}>
              {formatSigned(record.profitMinor, record.currency)}
            </dd>
          )}
        </div>
      </dl>
      <span className={styles.status} data-status={record.status}>
        {t(`records.status.${record.status}`)}
      </span>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        aria-label={t('detail.toggle', { game: record.gameName, time })}
        onClick={() => setOpen((value) => !value)}
      >
        {t('detail.show')}
        <Icon name="chevronDown" size={14} />
      </button>
      {open && <RoundDetail id={detailId} record={record} formatSigned={formatSigned} />}
    </li>
  );
}

/**
 * The member's wallet at a glance: all funds with what is in play, the brand's wallet mode (a transfer
 * form only where the brand has vendor wallets), and the last betting records, newest first.
 */
export function WalletPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('wallet');
  const { format } = useMoney();
  const walletName = useWalletName();
  const funds = useConsolidatedFunds();
  const merchantWallet = useMerchantWallet(open);
  const records = useBettingRecords(open);
  const list = records.data?.list ?? [];
  const isReal = useSessionStore((state) => isRealAccount(state.isAgent));
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);

  function onAllRecords() {
    onOpenChange(false);
    openMemberCentre('personalHistoryCopy');
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('panel.title')} width={640} height={560} name="walletPanel">
      <div className={styles.panel}>
        <section aria-labelledby="wallet-funds" className={styles.funds}>
          <h3 id="wallet-funds" className="visually-hidden">
            {t('panel.funds')}
          </h3>
          {funds.data ? (
            <dl className={styles.fundGrid}>
              <div>
                <dt>{t('panel.total')}</dt>
                <dd className={styles.big}>{format(funds.data.sumBalance, funds.data.currency)}</dd>
              </div>
              <div>
                <dt>{t('panel.inPlay')}</dt>
                <dd>{format(funds.data.inPlayMinor, funds.data.currency)}</dd>
              </div>
              <div>
                <dt>{t('panel.openRounds')}</dt>
                <dd>{funds.data.openRounds}</dd>
              </div>
            </dl>
          ) : (
            <p className={styles.muted}>{funds.isError ? funds.error.message : t('loading')}</p>
          )}
        </section>

        {merchantWallet.data && (
          <section aria-labelledby="wallet-mode" className={styles.section}>
            <h3 id="wallet-mode">{t('panel.wallets')}</h3>
            <ul className={styles.wallets}>
              {merchantWallet.data.wallets.map((wallet) => (
                <li key={wallet.walletCode}>
                  <span>{walletName(wallet)}</span>
                  <strong>{format(wallet.balanceMinor, merchantWallet.data.currency)}</strong>
                </li>
              ))}
            </ul>
            {merchantWallet.data.isSingle ? (
              <p className={styles.muted}>{t('panel.single')}</p>
            ) : (
              <TransferForm wallets={merchantWallet.data.wallets} currency={merchantWallet.data.currency} />
            )}
          </section>
        )}

        {isReal && (
          <section aria-labelledby="wallet-records" className={styles.section}>
            <h3 id="wallet-records">{t('records.title')}</h3>
            {records.isPending ? (
              <p className={styles.muted}>{t('loading')}</p>
            ) : records.isError ? (
              <p className={styles.error}>{records.error.message}</p>
            ) : list.length === 0 ? (
              <EmptyState compact icon="record" title={t('records.empty')} text={t('records.emptyText')} />
            ) : (
              <>
                <ul className={styles.records}>
                  {list.map((record) => (
                    <RecordRow key={`${record.vassalage}-${record.roundId}`} record={record} />
                  ))}
                </ul>
                {/* The full records, by category, provider and period, are the member centre's. */}
                <Button variant="secondary" size="small" onClick={onAllRecords}>
                  {t('records.all')}
                </Button>
              </>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
