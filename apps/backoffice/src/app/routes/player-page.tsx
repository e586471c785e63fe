import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlayerDetail } from '../../features/players/index';
import { PlayerProtection } from '../../features/protection/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';
import { NotFoundPage } from './not-found-page';

export function PlayerPage() {
  const { t } = useTranslation('players');
  usePageTitle(t('detail.title'));
  const playerId = Number(useParams().playerId);
  if (!Number.isSafeInteger(playerId) || playerId <= 0) return <NotFoundPage />;
  return (
    <RequirePermission permission="players.read">
      <RequireBrand>
        {(brand) => (
          <div key={`${brand.code}/${playerId}`}>
            <PlayerDetail brand={brand.code} playerId={playerId} />
            {/* The player's responsible-gaming settings and their history (decision 0042). */}
            <PlayerProtection brand={brand.code} playerId={playerId} />
          </div>
        )}
      </RequireBrand>
    </RequirePermission>
  );
}
