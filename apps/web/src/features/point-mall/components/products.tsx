import type { PointProduct } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import type { Formats } from '../lib/points';
import styles from '../point-mall.module.css';

interface ProductsProps {
  products: PointProduct[];
  balancePointsMinor: number;
  formats: Formats;
  onRedeem: (productId: number) => void;
}

/** One product: its picture, name, price in points (and money), stock and limit; why it cannot be redeemed now. */
function ProductCard({
  product,
  balancePointsMinor,
  formats,
  onRedeem,
}: { product: PointProduct } & Omit<ProductsProps, 'products'>) {
  const { t } = useTranslation('member-point-mall');
  const unavailable = product.unavailableReason;
  const shortMinor = product.pointsMinor - balancePointsMinor;
  return (
    <li className={styles.product} data-testid="point-product" data-unavailable={unavailable ?? undefined}>
      <div className={styles.picture}>
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noPicture} role="img" aria-label={t('products.noPicture')}>
            <Icon name="gift" size={36} />
          </span>
        )}
        <span className={styles.kind} data-kind={product.kind}>
          {t(`products.kinds.${product.kind}`)}
        </span>
        {unavailable && <span className={styles.ribbon}>{t(`products.unavailable.${unavailable}`)}</span>}
      </div>
      <div className={styles.productBody}>
        <h3 className={styles.productName}>{product.name}</h3>
        <p className={styles.price}>
          <strong>{t('products.points', { points: formats.points(product.pointsMinor) })}</strong>
          {product.amountMinor > 0 && (
            <span className={styles.plusAmount}>
              {t('products.plusAmount', { amount: formats.money(product.amountMinor) })}
            </span>
          )}
        </p>
        {product.kind === 'cash' && product.cashValueMinor > 0 && (
          <p className={styles.hint}>{t('products.cashValue', { amount: formats.money(product.cashValueMinor) })}</p>
        )}
        <p className={styles.facts}>
          <span data-testid="product-stock" data-empty={product.stockLeft === 0 || undefined}>
            {product.stockLeft === 0
              ? t('products.unavailable.outOfStock')
              : t('products.stock', { count: product.stockLeft })}
          </span>
          <span>
            {product.perMemberLimit === null
              ? t('products.noLimit')
              : t('products.limit', { limit: product.perMemberLimit, mine: product.redeemedByMe })}
          </span>
          {product.startsAt && unavailable === 'notStarted' && (
            <span>{t('products.from', { time: formats.time(product.startsAt) })}</span>
          )}
          {product.endsAt && !unavailable && <span>{t('products.until', { time: formats.time(product.endsAt) })}</span>}
        </p>
        {!unavailable && shortMinor > 0 && (
          <p className={styles.short}>{t('products.short', { points: formats.points(shortMinor) })}</p>
        )}
        <Button
          className={styles.redeemButton}
          block
          size="small"
          variant={unavailable ? 'secondary' : 'primary'}
          disabled={unavailable !== null || shortMinor > 0}
          aria-label={t('products.redeemName', { name: product.name })}
          onClick={() => onRedeem(product.id)}
        >
          {unavailable ? t(`products.unavailable.${unavailable}`) : t('products.redeem')}
        </Button>
      </div>
    </li>
  );
}

/** The products on offer, as cards: those that cannot be redeemed now are shown too, with why. */
export function Products({ products, balancePointsMinor, formats, onRedeem }: ProductsProps) {
  const { t } = useTranslation('member-point-mall');
  return (
    <section className={styles.section} aria-labelledby="point-products-title">
      <h2 id="point-products-title" className={styles.subtitle}>
        {t('products.title')}
      </h2>
      {products.length === 0 ? (
        <EmptyState compact icon="gift" title={t('products.empty')} text={t('products.emptyText')} />
      ) : (
        <ul className={styles.products}>
          {products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              balancePointsMinor={balancePointsMinor}
              formats={formats}
              onRedeem={onRedeem}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
