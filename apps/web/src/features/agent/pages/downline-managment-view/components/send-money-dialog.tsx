import {
  PAYMENT_PASSWORD_LENGTH,
  TransferDownlineRequestSchema,
  type DownlineMember,
  type DownlineTransfer,
  type DownlineTransferOverview,
} from '@parlay/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Modal } from '../../../../../components/ui/dialog';
import { addKoreanTexts } from '../../../../../i18n';
import texts from '../../../../../i18n/locales/ko/member-transfers.json';
import { useAgentCentreStore } from '../../../../../lib/agent-centre-store';
import { ApiError } from '../../../../../lib/api-client';
import { useOptionalBrand } from '../../../../../lib/brand';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import { useMemberCentreStore } from '../../../../../lib/member-centre-store';
import { useMoney } from '../../../lib/use-money';
import { useDownlineTransferOverview } from '../api/get-downline-transfer-overview';
import { useTransferDownline } from '../api/transfer-downline';
import styles from './send-money-dialog.module.css';

// The transfer texts the upline transfer has (its form, limits and checks), shared with it; their Korean texts come
// with this chunk too (decision 0008).
addKoreanTexts('member-transfers', texts);

function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * May `member` be sent money on a brand of `scope`? An active member (a locked or closed one cannot receive,
 * TRANSFER_DOWNLINE_UNAVAILABLE) of the whole downline, or (scope `direct`) of the direct members only
 * (docs/product/calls.md#transfer-to-the-downline). Scope unknown yet: the direct members, whom every brand allows.
 */
export function maySendTo(
  member: Pick<DownlineMember, 'level' | 'status'>,
  scope: DownlineTransferOverview['scope'] | undefined,
) {
  return member.status === 'active' && (member.level === 1 || scope === 'any');
}

/**
 * Send money to a member of my downline (decision 0062): my balance and the brand's limits, then the amount and the
 * payment password, and the result with my balance after. Mounted for one opening: its request id is made once, so a
 * second click, or a try again after a refusal, can move the money once only (the server answers a repeat with the
 * first transfer, and another amount under the same id with TRANSFER_REQUEST_CONFLICT).
 */
export function SendMoneyDialog({ member, onClose }: { member: DownlineMember; onClose: () => void }) {
  const { t } = useTranslation('member-agent');
  const overview = useDownlineTransferOverview();
  const transfer = useTransferDownline();
  const [requestId] = useState(newRequestId);
  const title = t('send.title', { account: member.account });
  const result = transfer.data;

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} width={480} height={0} name="sendDownline">
      <div className={styles.dialog}>
        {result ? (
          <Sent result={result} onClose={onClose} />
        ) : overview.isError ? (
          <div className={styles.error} role="alert">
            <span>{overview.error.message}</span>
            <Button variant="secondary" size="small" onClick={() => void overview.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : !overview.data ? (
          <p className={styles.muted} aria-busy="true">
            {t('loading')}
          </p>
        ) : (
          <SendForm
            member={member}
            overview={overview.data}
            requestId={requestId}
            transfer={transfer}
            onClose={onClose}
          />
        )}
      </div>
    </Modal>
  );
}

function useTransferMoney(currency: string) {
  const brand = useOptionalBrand()?.brand;
  const exponent = brand?.currency === currency ? brand.currencyExponent : 0;
  return { exponent, ...useMoney(currency, exponent) };
}

function SendForm({
  member,
  overview,
  requestId,
  transfer,
  onClose,
}: {
  member: DownlineMember;
  overview: DownlineTransferOverview;
  requestId: string;
  transfer: ReturnType<typeof useTransferDownline>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['member-agent', 'member-transfers']);
  const ids = useId();
  const { exponent, format } = useTransferMoney(overview.currency);
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const closeAgentCentre = useAgentCentreStore((state) => state.closeAgentCentre);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'amount' | 'password'; text: string } | null>(null);
  // Set at once on submit, before the pending state renders: a double click sends one request.
  const sending = useRef(false);
  const { limits, sentTodayMinor, balanceMinor } = overview;
  const leftToday = Math.max(0, limits.dailyMaxMinor - sentTodayMinor);
  const allowed = maySendTo(member, overview.scope);

  // The upline transfer's checks (features/member/pages/transfer-upline), against what this dialog shows; the server
  // checks again.
  function check(amountMinor: number | null): string | null {
    if (amountMinor === null) {
      return exponent === 0
        ? t('member-transfers:errors.amountWhole')
        : t('member-transfers:errors.amount', { decimals: exponent });
    }
    if (amountMinor < limits.minMinor) return t('member-transfers:errors.min', { amount: format(limits.minMinor) });
    if (amountMinor > limits.maxMinor) return t('member-transfers:errors.max', { amount: format(limits.maxMinor) });
    if (amountMinor > leftToday) return t('member-transfers:errors.daily', { amount: format(leftToday) });
    if (amountMinor > balanceMinor) return t('member-transfers:errors.balance', { amount: format(balanceMinor) });
    return null;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const amountMinor = parseMajorToMinor(amount, exponent);
    const amountError = check(amountMinor);
    if (amountError) {
      setFieldError({ field: 'amount', text: amountError });
      return;
    }
    if (!new RegExp(`^\\d{${PAYMENT_PASSWORD_LENGTH}}$`).test(password)) {
      setFieldError({
        field: 'password',
        text: t('member-transfers:errors.password', { length: PAYMENT_PASSWORD_LENGTH }),
      });
      return;
    }
    setFieldError(null);
    const body = { memberId: member.id, amountMinor: amountMinor ?? 0, paymentPassword: password, requestId };
    if (!TransferDownlineRequestSchema.safeParse(body).success) return;
    sending.current = true;
    transfer.mutate(body, {
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  const serverError = transfer.error instanceof ApiError ? transfer.error : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.to}>
        <span className={styles.label}>{t('send.to')}</span>
        <span className={styles.account}>{member.account}</span>
        {member.nickname && member.nickname !== member.account && (
          <span className={styles.muted}>{member.nickname}</span>
        )}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('member-transfers:figures.balance')}</dt>
          <dd>{format(balanceMinor)}</dd>
        </div>
        <div>
          <dt>{t('member-transfers:figures.leftToday')}</dt>
          <dd>{format(leftToday)}</dd>
          <dd className={styles.hint}>
            {t('member-transfers:figures.daily', {
              sent: format(sentTodayMinor),
              limit: format(limits.dailyMaxMinor),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('member-transfers:figures.perTransfer')}</dt>
          <dd>
            {format(limits.minMinor)} – {format(limits.maxMinor)}
          </dd>
        </div>
      </dl>
      {!allowed ? (
        // The brand allows direct members only: said here, not left to the server's refusal.
        <p className={styles.error} role="alert">
          {t('send.directOnly')}
        </p>
      ) : (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${ids}-amount`}>
              {t('member-transfers:form.amount', { currency: overview.currency })}
            </label>
            <input
              id={`${ids}-amount`}
              className={styles.input}
              inputMode={exponent === 0 ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={fieldError?.field === 'amount' ? true : undefined}
              aria-describedby={`${ids}-range${fieldError?.field === 'amount' ? ` ${ids}-amount-error` : ''}`}
            />
            <span id={`${ids}-range`} className={styles.hint}>
              {t('member-transfers:form.range', { min: format(limits.minMinor), max: format(limits.maxMinor) })}
            </span>
            {fieldError?.field === 'amount' && (
              <span id={`${ids}-amount-error`} className={styles.fieldError}>
                {fieldError.text}
              </span>
            )}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${ids}-password`}>
              {t('member-transfers:form.password')}
            </label>
            <input
              id={`${ids}-password`}
              className={styles.input}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PAYMENT_PASSWORD_LENGTH}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={fieldError?.field === 'password' ? true : undefined}
              aria-describedby={fieldError?.field === 'password' ? `${ids}-password-error` : undefined}
            />
            {fieldError?.field === 'password' && (
              <span id={`${ids}-password-error`} className={styles.fieldError}>
                {fieldError.text}
              </span>
            )}
          </div>
        </>
      )}
      {serverError && (
        <div className={styles.error} role="alert">
          <span>{serverError.message}</span>
          {serverError.code === 'PAYMENT_PASSWORD_NOT_SET' && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                closeAgentCentre();
                openMemberCentre('securityCenter');
              }}
            >
              {t('member-transfers:form.setPassword')}
            </Button>
          )}
        </div>
      )}
      {transfer.isError && !serverError && (
        <p className={styles.error} role="alert">
          {t('member-transfers:errors.failed')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('send.cancel')}
        </Button>
        {allowed && (
          <Button type="submit" disabled={transfer.isPending}>
            {transfer.isPending ? t('member-transfers:form.busy') : t('send.submit')}
          </Button>
        )}
      </div>
    </form>
  );
}

function Sent({ result, onClose }: { result: DownlineTransfer; onClose: () => void }) {
  const { t } = useTranslation(['member-agent', 'member-transfers']);
  const { format } = useTransferMoney(result.currency);
  return (
    <div className={styles.sent}>
      <div className={styles.result} role="status">
        <strong>{t('member-transfers:result.title')}</strong>
        <span>
          {t('member-transfers:result.sent', { amount: format(result.amountMinor), account: result.downlineAccount })}
        </span>
        <span>{t('member-transfers:result.balance', { amount: format(result.balanceMinor) })}</span>
        <span className={styles.hint}>{t('member-transfers:result.number', { number: result.transferNo })}</span>
      </div>
      <div className={styles.actions}>
        <Button onClick={onClose}>{t('send.done')}</Button>
      </div>
    </div>
  );
}
