import { useTranslation } from 'react-i18next';
import { LotteryPage } from '../parts/lottery-page';

/** /seaLottery: the SEA lottery account type, header only. */
export function Component() {
  const { t } = useTranslation('shell');
  return <LotteryPage title={t('pages.seaLottery')} accountType="SEA" />;
}
