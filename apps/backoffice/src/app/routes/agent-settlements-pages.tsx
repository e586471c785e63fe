import { useTranslation } from 'react-i18next';
import { AgentSettlementsPage } from '../../features/agent-settlements/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's contract settlements (decision 0068): the runs and their lines with brand.read; a run's pending lines paid
// now with brand.write (the page hides it without; the server refuses it too).

export function AgentSettlementsRoute() {
  const { t } = useTranslation('agentSettlements');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <AgentSettlementsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
