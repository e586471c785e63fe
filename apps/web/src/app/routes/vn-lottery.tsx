import { useTranslation } from 'react-i18next';
import { LotteryPage } from '../parts/lottery-page';

/** /vnlottery: the Vietnam lottery account type, header only. */
export function Component() {
  const { t } = useTranslation('shell');
  return <LotteryPage title={t('pages.vnLottery')} accountType="VN" />;
}
