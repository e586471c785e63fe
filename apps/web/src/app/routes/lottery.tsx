import { useTranslation } from 'react-i18next';
import { LotteryPage } from '../parts/lottery-page';

/** /lottery?gameCode&playType: the lottery, with no header (spec 01 §2). */
export function Component() {
  const { t } = useTranslation('shell');
  return <LotteryPage title={t('categories.LOTTERY')} accountType="LOTT" />;
}
