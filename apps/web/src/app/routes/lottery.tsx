import { useTranslation } from 'react-i18next';
import { LotteryPage } from '../parts/lottery-page';

/**
 * /lottery?gameCode&playType: the lottery, with no header (docs/product/site-shell-and-routes.md#chrome-of-each-page).
 */
export function Component() {
  const { t } = useTranslation('shell');
  return <LotteryPage title={t('categories.LOTTERY')} accountType="LOTT" />;
}
