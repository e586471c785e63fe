import { useTranslation } from 'react-i18next';
import { AgentTreePage } from '../../features/agent-tree/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's downline tree (decision 0059): the members with their upline and level with brand.read; moving a member
// under another upline with brand.write (the page hides it without; the server refuses it too).

export function AgentTreeRoute() {
  const { t } = useTranslation('agentTree');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <AgentTreePage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
