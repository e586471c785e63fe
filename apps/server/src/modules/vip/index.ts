// VIP ranks (decision 0046): levels, the feed's `vip` consumer, upgrades, downgrades, bonuses, the rank's
// withdrawal limits. Code outside vip imports this file only.
export { VipAdminService } from './vip-admin.service';
export { VipService, VIP_CONSUMER, type RankLimits, type VipOwner } from './vip.service';
export { vipRoutes } from './vip.routes';
export { vipBackofficeRoutes } from './vip.bo-routes';
