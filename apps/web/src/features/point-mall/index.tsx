import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member-point-mall.json';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format-money';
import { usePointBalance } from './api/get-point-balance';
import { usePointConfig } from './api/get-point-config';
import { useProducts } from './api/get-products';
import { ConvertForm } from './components/convert-form';
import { PointsSummary } from './components/points-summary';
import { Products } from './components/products';
import { Records } from './components/records';
import { RedeemDialog } from './components/redeem-dialog';
import { formatPoints, type Formats } from './lib/points';
import styles from './point-mall.module.css';

// The mall's Korean texts come with its chunk, not with the lobby's first load (decision 0008).
addKoreanTexts('member-point-mall', texts);

/**
 * The points mall of a signed-in member (/pointMall; docs/product/member-centre.md#points-and-the-points-mall): the
 * points balance, converting points to money at the brand's rate, the products with their stock and limits and the
 * redeem dialog, then the exchange records and redeem history. Redeeming and converting ask for the payment password.
 */
export function PointMall() {
  const { t, i18n } = useTranslation('member-point-mall');
  const balance = usePointBalance();
  const config = usePointConfig();
  const products = useProducts();
  const [redeeming, setRedeeming] = useState<number | null>(null);
  // The redemption just made: its notice is written at render, so it follows a change of language.
  const [redeemed, setRedeemed] = useState<{
    productId: number;
    quantity: number;
    name: string;
    reference: string;
  } | null>(null);

  const failed = [balance, config, products].find((query) => query.isError);
  if (failed) {
    return (
      <EmptyState
        icon="gift"
        title={t('error.title')}
        text={failed.error instanceof ApiError ? failed.error.message : undefined}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              void balance.refetch();
              void config.refetch();
              void products.refetch();
            }}
          >
            {t('error.retry')}
          </Button>
        }
      />
    );
  }
  if (!balance.data || !config.data || !products.data) {
    return (
      <p className={styles.muted} aria-busy="true">
        {t('loading')}
      </p>
    );
  }

  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const { currency, currencyExponent } = config.data;
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const formats: Formats = {
    points: (pointsMinor, signed) => formatPoints(pointsMinor, locale, signed),
    money: (minor) => formatMoney(minor, { currency, exponent: currencyExponent, locale, display: 'symbol' }),
    time: (iso) => timeFormat.format(new Date(iso)),
  };
  const product = products.data.items.find((item) => item.id === redeeming) ?? null;

  return (
    <div className={styles.mall}>
      <div className={styles.top}>
        <PointsSummary balance={balance.data} formats={formats} />
        <ConvertForm config={config.data} balancePointsMinor={balance.data.balancePointsMinor} formats={formats} />
      </div>
      {redeemed && (
        <p className={styles.notice} role="status">
          {t('redeem.done', {
            quantity: redeemed.quantity,
            // The product's name in the language shown now (names come in the request's language).
            name: products.data.items.find((item) => item.id === redeemed.productId)?.name ?? redeemed.name,
            reference: redeemed.reference,
          })}
        </p>
      )}
      <Products
        products={products.data.items}
        balancePointsMinor={balance.data.balancePointsMinor}
        formats={formats}
        onRedeem={(id) => {
          setRedeemed(null);
          setRedeeming(id);
        }}
      />
      <Records formats={formats} />
      {product && (
        <RedeemDialog
          key={product.id}
          product={product}
          balancePointsMinor={balance.data.balancePointsMinor}
          formats={formats}
          onClose={() => setRedeeming(null)}
          onRedeemed={(result, quantity) => {
            setRedeeming(null);
            setRedeemed({ productId: product.id, quantity, name: product.name, reference: result.record.referenceNo });
          }}
        />
      )}
    </div>
  );
}
