// A brand's VIP ranks in the back office (decision 0046): levels and benefits, members by level, level changes.
export { VipLevelsPage } from './components/vip-levels';
export { VipChangesPage, VipMembersPage } from './components/vip-lists';
