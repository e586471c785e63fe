import { useTranslation } from 'react-i18next';
import { LotteryDrawsPage, LotteryGamesPage, RegionalResultsPage } from '../../features/lottery/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// The lottery pages (issue 38, decision 0070), one chunk: each game's settings for the brand, its draws (and their
// void), the results of the draws we do not draw: the Vietnamese regional draws' and the SEA 4D draws' (one page,
// driven by the family). Read with games.read; changes take games.write (the pages hide them without;
// the server refuses them).

export function LotteryGamesRoute() {
  const { t } = useTranslation('lottery');
  usePageTitle(t('games.title'));
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>{(brand) => <LotteryGamesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function LotteryDrawsRoute() {
  const { t } = useTranslation('lottery');
  usePageTitle(t('draws.title'));
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>{(brand) => <LotteryDrawsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

function ResultsRoute({ family }: { family: 'vn' | 'sea' }) {
  const { t } = useTranslation('lottery');
  usePageTitle(t(`${family}.title`));
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>
        {(brand) => <RegionalResultsPage family={family} brand={brand.code} brandName={brand.name} />}
      </RequireBrand>
    </RequirePermission>
  );
}

export function VnResultsRoute() {
  return <ResultsRoute family="vn" />;
}

export function SeaResultsRoute() {
  return <ResultsRoute family="sea" />;
}
