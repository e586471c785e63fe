import { useTranslation } from 'react-i18next';
import { AgentContractsPage } from '../../features/agent-contracts/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's agent contracts (decision 0066): every contract with its history with brand.read; the brand's contract
// with a top agent set with brand.write (the page hides it without; the server refuses it too).

export function AgentContractsRoute() {
  const { t } = useTranslation('agentContracts');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <AgentContractsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
