import { POINT_MALL_MAX_QUANTITY, type PointProduct, type RedeemResult } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useRedeemProduct } from '../api/redeem-product';
import { newRequestId, type Formats } from '../lib/points';
import styles from '../point-mall.module.css';
import { isPasswordNotSet, PasswordField, SetPasswordButton } from './password-field';

interface RedeemDialogProps {
  product: PointProduct;
  balancePointsMinor: number;
  formats: Formats;
  onClose: () => void;
  onRedeemed: (result: RedeemResult, quantity: number) => void;
}

/** The most of `product` one redemption may ask for: the stock left, what the member's limit leaves, the cap. */
export function maxQuantity(product: PointProduct): number {
  const byLimit =
    product.perMemberLimit === null ? POINT_MALL_MAX_QUANTITY : product.perMemberLimit - product.redeemedByMe;
  return Math.max(0, Math.min(POINT_MALL_MAX_QUANTITY, product.stockLeft, byLimit));
}

/**
 * Redeems a product (the product's modal: Escape or the close button closes it, a click outside does not): the
 * quantity, the points and money it takes, and the payment password. Each refusal of the server (a wrong or locked
 * password, too few points, out of stock, over the limit, a product no longer on offer) is shown in its words and
 * nothing was taken.
 */
export function RedeemDialog({ product, balancePointsMinor, formats, onClose, onRedeemed }: RedeemDialogProps) {
  const { t } = useTranslation('member-point-mall');
  const ids = useId();
  const redeem = useRedeemProduct();
  const max = Math.max(1, maxQuantity(product));
  const [quantity, setQuantity] = useState('1');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(() => newRequestId('px'));
  const count = /^\d{1,3}$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const totalPoints = (count ?? 0) * product.pointsMinor;
  const totalAmount = (count ?? 0) * product.amountMinor;

  function check(): string | null {
    if (count === null || count < 1 || count > max) return t('redeem.errors.quantity', { max });
    if (totalPoints > balancePointsMinor) return t('redeem.errors.points');
    if (!/^\d{6}$/.test(password)) return t('redeem.errors.password');
    return null;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = check();
    setProblem(found);
    if (found || count === null) return;
    redeem.reset();
    redeem.mutate(
      { productId: product.id, quantity: count, paymentPassword: password, requestId },
      {
        onSuccess: (result) => onRedeemed(result, count),
        onError: (error) => {
          // Refused for good: the next attempt is a new request.
          if (error instanceof ApiError) setRequestId(newRequestId('px'));
        },
      },
    );
  }

  const step = (by: number) => {
    setQuantity(String(Math.min(max, Math.max(1, (count ?? 1) + by))));
    setProblem(null);
  };
  const refusal = redeem.error instanceof ApiError ? redeem.error : null;
  const shown = problem ?? refusal?.message ?? null;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !redeem.isPending) onClose();
      }}
      title={t('redeem.title', { name: product.name })}
      description={t('redeem.description')}
      width={440}
      height={0}
      name="pointRedeem"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={redeem.isPending}>
            {t('redeem.cancel')}
          </Button>
          <Button type="submit" form={`${ids}-form`} disabled={redeem.isPending}>
            {redeem.isPending ? t('redeem.busy') : t('redeem.submit')}
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} className={styles.dialogForm} onSubmit={onSubmit} noValidate>
        <div className={styles.dialogProduct}>
          {product.imageUrl && <img src={product.imageUrl} alt="" className={styles.dialogPicture} />}
          <div>
            <strong>{product.name}</strong>
            <p className={styles.hint}>
              {t('products.points', { points: formats.points(product.pointsMinor) })}
              {product.amountMinor > 0 &&
                ` ${t('products.plusAmount', { amount: formats.money(product.amountMinor) })}`}
            </p>
          </div>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-quantity`}>
            {t('redeem.quantity')}
          </label>
          <div className={styles.stepper}>
            <Button
              variant="secondary"
              size="small"
              aria-label={t('redeem.less')}
              onClick={() => step(-1)}
              disabled={(count ?? 1) <= 1}
            >
              −
            </Button>
            <input
              id={`${ids}-quantity`}
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={`${ids}-max`}
              value={quantity}
              onChange={(event) => {
                setQuantity(event.target.value.replace(/\D/g, '').slice(0, 3));
                setProblem(null);
                redeem.reset();
              }}
            />
            <Button
              variant="secondary"
              size="small"
              aria-label={t('redeem.more')}
              onClick={() => step(1)}
              disabled={(count ?? 0) >= max}
            >
              +
            </Button>
          </div>
          <span id={`${ids}-max`} className={styles.hint}>
            {t('redeem.max', { max })}
          </span>
        </div>
        <dl className={styles.totals}>
          <div>
            <dt>{t('redeem.totalPoints')}</dt>
            <dd data-testid="redeem-total-points">{formats.points(totalPoints)}</dd>
          </div>
          {product.amountMinor > 0 && (
            <div>
              <dt>{t('redeem.totalAmount')}</dt>
              <dd>{formats.money(totalAmount)}</dd>
            </div>
          )}
          <div>
            <dt>{t('redeem.balanceAfter')}</dt>
            <dd>{formats.points(Math.max(0, balancePointsMinor - totalPoints))}</dd>
          </div>
        </dl>
        <PasswordField
          id={`${ids}-password`}
          label={t('redeem.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setProblem(null);
            // A new attempt: the last refusal no longer stands.
            redeem.reset();
          }}
        />
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
        {!problem && isPasswordNotSet(refusal?.code) && (
          <SetPasswordButton label={t('redeem.setPassword')} onOpen={onClose} />
        )}
      </form>
    </Modal>
  );
}
